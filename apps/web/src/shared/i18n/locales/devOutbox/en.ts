/** The devOutbox part's strings (issue 16: loaded with the routes that name it; English is the typed source). */
export const devOutboxEn = {
  devOutbox: {
    title: 'Mail outbox (development)',
    description: 'This installation sends no mail: every mail is kept here instead. Follow a link to act as its recipient.',
    mine: 'Mails to me',
    ofOrg: 'Mails of {{name}}',
    smsMine: 'Text messages to me',
    smsOfOrg: 'Text messages of {{name}}',
    scope: 'Show',
    refresh: 'Refresh',
    empty: 'No mails.',
    to: 'To',
    date: 'Date',
  },
} as const;
