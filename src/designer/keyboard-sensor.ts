import { KeyboardSensor, type KeyboardSensorOptions, type KeyboardSensorProps, type SensorInstance } from '@dnd-kit/core';

/** The keyboard sensor's options, and what the screen does at a drop by the keyboard. */
export interface PromptKeyboardOptions extends KeyboardSensorOptions {
  /**
   * Called at a key that ends the drag (Enter, Space), before dnd-kit hears it. `true`: the screen has
   * done the drop's own work (its command, the field at its place), and dnd-kit ends its drag after
   * the next frame is painted; `false`: dnd-kit ends it now, as its own sensor does.
   */
  onDrop?(event: KeyboardEvent): boolean;
}

/** The parts of dnd-kit's keyboard sensor (6.x) this one builds on; TypeScript calls them private. */
interface SensorParts {
  props: KeyboardSensorProps & { options: PromptKeyboardOptions };
  listeners: { add(type: string, handler: (event: Event) => void): void };
  windowListeners: { add(type: string, handler: (event: Event) => void): void };
  handleStart(): void;
  handleKeyDown(event: Event): void;
  handleCancel(event: Event): void;
}

const Base = KeyboardSensor as unknown as new (props: KeyboardSensorProps) => SensorInstance;

/** dnd-kit's own keys (6.x), when the options name none. */
const END_CODES = ['Space', 'Enter', 'Tab'];

/** After the next frame is painted: a frame callback, then a task (the frame's painting comes between). */
function afterPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

/**
 * dnd-kit's keyboard sensor, listening for the keys from the moment a field is picked up.
 *
 * dnd-kit's own starts listening one timer later, so that the Space or Enter that picked the item up
 * is not taken for the drop. But the browser runs waiting input before timers: an arrow pressed right
 * after Space (a quick typist, a busy machine) reached no listener
 * and was lost, and the field stayed where it was. This one listens at once and skips the picking
 * event itself instead.
 *
 * With `onDrop`, a drop by the keyboard is shown in the frame after the key: the screen runs its
 * command at the key, and dnd-kit's end of the drag (its state put back, its measuring, a render of
 * everything under its context) waits until that frame is painted. A key, a resize or a tab switch
 * before then ends the drag at once, before the page hears it (so a Space on another field picks
 * that one up), and no drag that has landed hears a key.
 *
 * Where Tab does not end the drag (the keys the options name), it does nothing while a field is carried:
 * the focus stays on it.
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
    const { onDrop, keyboardCodes } = self.props.options;
    const ends = keyboardCodes?.end ?? END_CODES;
    /** The key of a drop already shown, whose end dnd-kit has yet to hear. */
    let landed: KeyboardEvent | null = null;
    const end = () => {
      if (!landed) return;
      const event = landed;
      landed = null;
      window.removeEventListener('keydown', end, true);
      window.removeEventListener('pointerdown', end, true);
      self.handleKeyDown(event);
    };
    self.windowListeners.add('resize', (event) => { if (landed) end(); else self.handleCancel(event); });
    self.windowListeners.add('visibilitychange', (event) => { if (landed) end(); else self.handleCancel(event); });
    const picking = self.props.event;
    self.listeners.add('keydown', (event) => {
      if (event === picking) return;
      // a key soon after the drop: the drag ends first (the key is the screen's, not the drag's)
      if (landed) { end(); return; }
      // Tab (or Shift+Tab), where it does not end the drag, would take the focus from the field being
      // dragged to the next control while the drag goes on: the focus stays, and the arrows, Enter and
      // Esc go on working on the field being dragged
      if (event instanceof KeyboardEvent && event.key === 'Tab' && !ends.includes(event.code)) { event.preventDefault(); return; }
      if (onDrop && event instanceof KeyboardEvent && ends.includes(event.code) && onDrop(event)) {
        event.preventDefault();
        landed = event;
        // the next key or press, wherever it goes, ends the landed drag before the page hears it: a
        // Space on another field (or a press on it) then picks that field up, where dnd-kit would
        // refuse it while a drag is under way
        window.addEventListener('keydown', end, true);
        window.addEventListener('pointerdown', end, true);
        afterPaint(end);
        return;
      }
      self.handleKeyDown(event);
    });
  }
}
