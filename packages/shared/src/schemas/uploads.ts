/** What an upload's refusals say, whichever route takes the file. */
export const UPLOAD_MESSAGES = {
  /** The body is not a readable multipart form: no boundary, cut mid-way, or not the boundary announced. */
  malformed: 'Envio de arquivo inválido ou incompleto. Tente enviar o arquivo novamente.',
  /** More files (or form fields) than the route takes. */
  tooManyParts: 'Envie um arquivo por vez.',
} as const;
