import { StreamDecoder } from './decoder';
import { toledo, encodeToledo } from './toledo';
import type { FrameLayout } from './types';
import { yaohuaReversed, encodeYaohuaReversed } from './yaohua-reversed';
import { yaohuaTf0, encodeYaohuaTf0 } from './yaohua-tf0';
import { yaohuaWw, encodeYaohuaWw } from './yaohua-ww';
import { SCALE_PROTOCOLS, type ScaleProtocol } from '../../../src/schema/weigh';

export type { Reading, DecoderCounts } from './types';
export { StreamDecoder } from './decoder';

export interface EncodeOptions {
  decimals?: number;
  motion?: boolean;
  overload?: boolean;
}

interface Protocol {
  layout: FrameLayout;
  encode(weight: number, options: EncodeOptions): Uint8Array;
}

const PROTOCOLS: Record<ScaleProtocol, Protocol> = {
  'yaohua-tf0': { layout: yaohuaTf0, encode: (w, o) => encodeYaohuaTf0(w, o.decimals) },
  'yaohua-reversed': { layout: yaohuaReversed, encode: (w, o) => encodeYaohuaReversed(w, o.decimals) },
  'yaohua-ww': { layout: yaohuaWw, encode: (w, o) => encodeYaohuaWw(w, o.decimals) },
  toledo: { layout: toledo, encode: (w, o) => encodeToledo(w, o.decimals, { motion: o.motion, overload: o.overload }) },
};

export function isScaleProtocol(name: string): name is ScaleProtocol {
  return SCALE_PROTOCOLS.some((p) => p.value === name);
}

export function createDecoder(protocol: ScaleProtocol): StreamDecoder {
  return new StreamDecoder(PROTOCOLS[protocol].layout);
}

/** The bytes an indicator of this protocol sends for a weight (the simulator's output). */
export function encodeFrame(protocol: ScaleProtocol, weight: number, options: EncodeOptions = {}): Uint8Array {
  return PROTOCOLS[protocol].encode(weight, options);
}
