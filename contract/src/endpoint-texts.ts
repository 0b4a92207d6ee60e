// The catalogue texts of one call: what a screen shows when the call is refused (`failure`) and
// when it could not be made at all (`error`, the same text unless given).
import type { EndpointTexts } from './endpoint.js';

export const texts = (failure: string, error = failure): EndpointTexts => ({ failure, error });
