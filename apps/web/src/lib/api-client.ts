import { INTERNAL_ERROR_MESSAGE } from './messages';

/** A failed API call: the HTTP status and the server's `{ message, fieldErrors?, code? }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors?: Record<string, string>;
  readonly code?: string;
  /** The whole answer, for the few callers that read more than its message (a lost race's `nearest`). */
  readonly body?: unknown;

  constructor(
    status: number,
    message: string,
    fieldErrors?: Record<string, string>,
    code?: string,
    body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.code = code;
    this.body = body;
  }

  /** 4xx: the request itself was refused; repeating it will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** Status 0: the request never got an answer (offline, DNS, server down). */
const NETWORK_ERROR_MESSAGE =
  'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function request<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A form (a file with fields) goes as multipart; the browser writes its boundary.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, undefined, 'network');
  }
  return answer<T>(response.status, await response.text());
}

/** The one reading of an answer: its JSON, or the ApiError its `{ message, fieldErrors, code }` describe. */
function answer<T>(status: number, text: string): T {
  const data = text ? safeJson(text) : undefined;
  if (status < 200 || status >= 300) {
    const err = (data ?? {}) as { message?: unknown; fieldErrors?: Record<string, string>; code?: string };
    const message = typeof err.message === 'string' && err.message ? err.message : INTERNAL_ERROR_MESSAGE;
    throw new ApiError(status, message, err.fieldErrors, err.code, data);
  }
  return data as T;
}

/**
 * Sends one file as multipart/form-data. XMLHttpRequest, because fetch cannot report upload
 * progress; `onProgress` receives 0–100.
 */
function upload<T>(path: string, file: Blob, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(answer<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, undefined, 'network'));
    const form = new FormData();
    form.append('file', file, file instanceof File ? file.name : 'arquivo');
    xhr.send(form);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Adds a query string built from the defined, non-empty values. */
export function withQuery(
  path: string,
  params: Record<string, string | number | boolean | null | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The one way the web talks to the API: same-origin JSON with the session cookie. */
export const api = {
  get: <T>(path: string, options?: { signal?: AbortSignal }) =>
    request<T>('GET', path, undefined, options?.signal),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
  /** A multipart form (files and fields) in one request, answered like the others. */
  postForm: <T>(path: string, form: FormData) => request<T>('POST', path, form),
  upload,
};
