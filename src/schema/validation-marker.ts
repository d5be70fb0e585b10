/**
 * A cgValidate pattern that contains this marker is inverted: a match is the error
 * (spec 001 §5, "if the pattern holds a special marker string, the logic is inverted").
 */
export const INVERT_MARKER = '[NOT]';
