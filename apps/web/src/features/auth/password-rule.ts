/**
 * Password rule of the reset screen (spec 001 section 5): 8+ characters with a digit, a lowercase
 * and an uppercase letter. Same pattern as STRONG_PASSWORD in @atrium/contracts (that file carries
 * class-validator decorators, so the browser keeps its own copy; a test keeps them equal).
 */
export const STRONG_PASSWORD = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/;
