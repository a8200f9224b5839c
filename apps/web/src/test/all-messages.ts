import { configure } from '@testing-library/react';
import { loadMessageParts } from '../shared/i18n/i18n.ts';
import { MESSAGE_PART_NAMES } from '../shared/i18n/message-parts.ts';

// Component tests render pages without the route table that names their message parts: every
// part loads with the language a test switches to (app/route-messages.test.ts checks the routes).
await loadMessageParts(MESSAGE_PART_NAMES);

// Screens load their parts on demand (dialogs, forms, the date picker, a language's field
// messages): on a loaded machine a dynamic import can take longer than Testing Library's default
// second, and a test then fails for the machine, not the code. Wait up to five.
configure({ asyncUtilTimeout: 5_000 });
