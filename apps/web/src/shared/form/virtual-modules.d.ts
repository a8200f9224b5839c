// One language's column of the contracts' field messages (apps/web/build/validation-messages-plugin.ts).
declare module 'virtual:validation-messages/*' {
  const messages: import('@console/contracts/validation-translate').ValidationMessageColumn;
  export default messages;
}
