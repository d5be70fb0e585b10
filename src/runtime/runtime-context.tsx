import { createContext, useContext } from 'react';

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

/** What the runtime needs from its host: data access, the user's permissions and display settings. */
export interface RuntimeServices {
  request<T>(options: RuntimeRequest): Promise<T>;
  /** Permission keys the user holds (an admin holds every key). */
  hasPermission(key: string | null | undefined): boolean;
  /** Data desensitisation switched on (setting equals "1"). */
  desensitize: boolean;
}

const RuntimeContext = createContext<RuntimeServices | null>(null);
export const RuntimeProvider = RuntimeContext.Provider;

/** The host's services; a renderer outside a RuntimeProvider is a programming error. */
export function useRuntime(): RuntimeServices {
  const services = useContext(RuntimeContext);
  if (!services) throw new Error('useRuntime must be used inside a RuntimeProvider');
  return services;
}
