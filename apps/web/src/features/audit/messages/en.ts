/**
 * The audit log's strings in English, the typed source (issue 19: a feature's strings sit in its
 * folder, one file per language; shared/i18n/message-parts.ts finds them as the part `audit`).
 */
export const messages = {
  security: {
    audit: {
      title: "Audit log",
      description: "Sign-ins, permission denials and changes in this organization, kept 90 days. Times are shown in your time zone and exported in UTC.",
      actor: "Actor",
      actorPlaceholder: "Email or IAM ID",
      action: "Action",
      actionPlaceholder: "e.g. iam.updateUserAccessKey",
      category: "Category",
      result: "Result",
      all: "All",
      from: "From (UTC)",
      to: "To (UTC)",
      chooseDate: "Choose a date",
      category_SIGN_IN: "Sign-in",
      category_PERMISSION_DENIED: "Permission denied",
      category_CHANGE: "Change",
      category_ACCESS_KEY: "Access key",
      category_BREAK_GLASS: "Break-glass (owner code)",
      breakGlassLifted: "Rules lifted: {{rules}}",
      breakGlassInForce: "Rules in force: {{rules}}",
      rule_IP_ACL: "IP ACL",
      rule_COUNTRY: "Country rule",
      noRules: "none",
      result_SUCCESS: "Success",
      result_FAILURE: "Failure",
      time: "Time",
      where: "Where",
      target: "Target",
      change: "Before → after",
      export: "Download CSV",
      empty: "No events match.",
      notAllowed: "Only those who may list members and change settings see the audit log. {{reason}}",
      viaToken: "with a token",
      anonymous: "Unknown account",
    },
  },
} as const;

declare module '../../../shared/i18n/message-parts.ts' {
  interface FeatureMessages {
    readonly audit: typeof messages;
  }
}
