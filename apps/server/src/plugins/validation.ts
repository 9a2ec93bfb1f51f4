import { inputIssueMessage } from '@pulsa/shared/schemas/input-issues';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';

const INPUT_ISSUE = Symbol('pulsa.inputIssue');

/** One problem of a request's query, path or body: the field (dotted path, `_` for the whole) and its message. */
export interface InputIssue {
  [INPUT_ISSUE]: true;
  field: string;
  message: string;
}

/**
 * Fastify's validator for the routes' zod schemas. A message the schema words itself wins; any
 * other is the shared Portuguese one (inputIssueMessage), so no answer falls back to English.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { error: inputIssueMessage });
    if (result.success) return { value: result.data };
    const issues: InputIssue[] = result.error.issues.map((issue) => ({
      [INPUT_ISSUE]: true,
      field: issue.path.map(String).join('.') || '_',
      message: issue.message,
    }));
    // Fastify keeps the array as `error.validation`; the error handler turns it into fieldErrors.
    return { error: issues as unknown as Error };
  };

/** The issues of a validation error made by validatorCompiler, if `error` is one. */
export function inputIssuesOf(error: unknown): InputIssue[] | undefined {
  const validation = (error as { validation?: unknown } | null)?.validation;
  if (!Array.isArray(validation) || validation.length === 0) return undefined;
  return validation.every((item) => (item as Partial<InputIssue>)?.[INPUT_ISSUE] === true)
    ? (validation as InputIssue[])
    : undefined;
}
