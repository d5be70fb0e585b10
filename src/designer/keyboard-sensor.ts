import { KeyboardSensor, type KeyboardSensorProps, type SensorInstance } from '@dnd-kit/core';

/** The parts of dnd-kit's keyboard sensor (6.x) this one builds on; TypeScript calls them private. */
interface SensorParts {
  props: KeyboardSensorProps;
  listeners: { add(type: string, handler: (event: Event) => void): void };
  windowListeners: { add(type: string, handler: (event: Event) => void): void };
  handleStart(): void;
  handleKeyDown(event: Event): void;
  handleCancel(event: Event): void;
}

const Base = KeyboardSensor as unknown as new (props: KeyboardSensorProps) => SensorInstance;

/**
 * dnd-kit's keyboard sensor, listening for the keys from the moment a field is picked up.
 *
 * dnd-kit's own starts listening one timer later, so that the Space or Enter that picked the item up
 * is not taken for the drop. But the browser runs waiting input before timers: an arrow pressed right
 * after Space (a quick typist, a busy machine) reached no listener
 * and was lost, and the field stayed where it was. This one listens at once and skips the picking
 * event itself instead.
 */
export class PromptKeyboardSensor extends Base {
  static activators = KeyboardSensor.activators;

  // called by dnd-kit's constructor (before this class's fields would exist: it declares none)
  attach(): void {
    const self = this as unknown as SensorParts;
    if (typeof self.handleStart !== 'function' || typeof self.handleKeyDown !== 'function' || !self.listeners || !self.windowListeners) {
      // another dnd-kit inside: its own way, which works but for the first key's race
      (KeyboardSensor.prototype as unknown as { attach(this: unknown): void }).attach.call(this);
      return;
    }
    self.handleStart();
    self.windowListeners.add('resize', self.handleCancel);
    self.windowListeners.add('visibilitychange', self.handleCancel);
    const picking = self.props.event;
    self.listeners.add('keydown', (event) => { if (event !== picking) self.handleKeyDown(event); });
  }
}
