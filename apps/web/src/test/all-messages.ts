import { loadMessageParts } from '../shared/i18n/i18n.ts';
import { MESSAGE_PART_NAMES } from '../shared/i18n/message-parts.ts';

// Component tests render pages without the route table that names their message parts: every
// part loads with the language a test switches to (app/route-messages.test.ts checks the routes).
await loadMessageParts(MESSAGE_PART_NAMES);

