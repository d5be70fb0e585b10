import { createContext, useCallback, useContext } from 'react';
import { fill } from '../schema/fill';

/** A call the runtime makes; the shell's request layer answers it (the runtime never imports the shell). */
export interface RuntimeRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** A list call (UrlSource: RES). */
  list?: boolean;
  /** The caller shows the failure itself. */
  quiet?: boolean;
  headers?: Record<string, string>;
}

/** A file the host downloaded: its content, the server's file name and the announced row count (X-Total-Count). */
export interface RuntimeDownload { blob: Blob; fileName: string; total: number | null }

/** An answer the host holds for a page: its value, and `take` to use it up once the page has drawn with it. */
export interface HeldAnswer<T> { value: T; take(): void }

/** What the runtime needs from its host: data access, the user's permissions and display settings. */
export interface RuntimeServices {
  request<T>(options: RuntimeRequest): Promise<T>;
  /**
   * The answer to a call that the host already holds (one it made early for the page an address
   * opens, already come), as `request` would have answered it; otherwise undefined. A page reads its
   * first data with it while rendering, so that it draws once, with the data, and calls `take` once
   * that render is on screen (in an effect): the answer is then used up. A render that React throws
   * away (a part of the page still loading its code, an interrupted render) must not use it up, or
   * the render that follows would ask the server again.
   */
  answered?<T>(options: RuntimeRequest): HeldAnswer<T> | undefined;
  /**
   * Downloads a file through the host's request layer. `onProgress` gets the bytes received and the
   * announced row count; a failure is shown by the host (unless `quiet`) and rejects.
   */
  download(options: RuntimeRequest & { onProgress?(received: number, total: number | null): void }): Promise<RuntimeDownload>;
  /** Permission keys the user holds (an admin holds every key). */
  hasPermission(key: string | null | undefined): boolean;
  /** Data desensitisation switched on (setting equals "1"). */
  desensitize: boolean;
  /** The signed-in user, company and group: what default-value macros stand for. */
  user?: RuntimeUser | null;
  /** Opens a page of the application (an edit page in its own tab). */
  openPage?(url: string): void;
  /**
   * The runtime's own words in the language shown: given the Chinese text (the key, with `{name}`
   * placeholders), the host answers its translation; without it the Chinese is shown.
   */
  translate?(text: string): string | undefined;
}

export interface RuntimeUser {
  user: number; username: string; currentOrg: number | null; currentOrgName: string | null; currentGroup: number | null; currentGroupName: string | null;
}

const RuntimeContext = createContext<RuntimeServices | null>(null);
export const RuntimeProvider = RuntimeContext.Provider;

/** The host's services; a renderer outside a RuntimeProvider is a programming error. */
export function useRuntime(): RuntimeServices {
  const services = useContext(RuntimeContext);
  if (!services) throw new Error('useRuntime must be used inside a RuntimeProvider');
  return services;
}

export { fill };

/** Translates one of the runtime's words (the Chinese text, the key) and fills its placeholders. */
export type Tr = (text: string, vars?: Record<string, string | number>) => string;

/** The words as written (Chinese), placeholders filled: what `tr` does without a translating host. */
export const untranslated: Tr = (text, vars) => fill(text, vars);

/** The runtime's words in the host's language: `tr('共 {n} 条', { n: 12 })`. */
export function useTr(): Tr {
  const services = useContext(RuntimeContext);
  const translate = services?.translate;
  // the same function while the language stays: effects and callbacks may depend on it
  return useCallback<Tr>((text, vars) => fill(translate?.(text) ?? text, vars), [translate]);
}
