import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isAppRoute, routePatterns } from '../config/paths';
import { routes } from './routes';

/** Every path the router has, however deep, but its catch-all. */
function routerPaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.path && route.path !== '*' ? [route.path] : []),
    ...routerPaths(route.children ?? []),
  ]);
}

describe('the route table', () => {
  it('is the router’s: the server answers 200 for exactly these pages', () => {
    expect([...routerPaths(routes)].sort()).toEqual([...routePatterns].sort());
  });

  it('matches addresses as the router does: any case, trailing slash, one segment per parameter', () => {
    for (const path of [
      '/',
      '/login',
      '/login/',
      '/LOGIN',
      '/admin/doctors/3f1c',
      '/patient/consultations/abc/pagamento',
      '/specialties/cardiologia',
      '/medicos/dra-ana',
      '/consulta/abc',
      '/patient/pronto-atendimento',
      '/admin/pronto-atendimento',
    ]) {
      expect(isAppRoute(path), path).toBe(true);
    }
    for (const path of [
      '/nada',
      '/login/extra',
      '/loginx',
      '/admin/doctors/a/b',
      '/consulta',
      '/consulta/',
      '/patient/consultations/abc',
      '/specialties/a/b',
      '/patient/pronto-atendimento/x',
    ]) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });
});
