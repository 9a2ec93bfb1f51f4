/** A form field's error look, shared by FormField and the server-rendered sign-in page's script. */
export const fieldErrorClassName = 'text-destructive text-sm';
export const fieldErrorLabelClassName = 'text-destructive';

/** The id of the message under a control, which the control names in aria-describedby. */
export const fieldMessageId = (controlId: string) => `${controlId}-message`;
