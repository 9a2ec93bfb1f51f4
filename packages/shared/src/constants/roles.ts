export const ROLES = ['admin', 'doctor', 'patient'] as const;
export type Role = (typeof ROLES)[number];

/** Registration offers only these; admins come from configuration or the CLI. */
export const SIGN_UP_ROLES = ['patient', 'doctor'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

export const ROLE_HOME: Record<Role, string> = {
  admin: '/admin',
  doctor: '/doctor',
  patient: '/patient',
};

export const ROLE_LABEL: Record<Role, string> = {
  admin: 'Administrador',
  doctor: 'Médico',
  patient: 'Paciente',
};
