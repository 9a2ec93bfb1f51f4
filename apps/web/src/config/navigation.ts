import type { Role } from '@pulsa/shared/constants/roles';
import {
  CalendarCheck,
  CalendarClock,
  CalendarPlus,
  ClipboardList,
  CreditCard,
  Flag,
  HeartPulse,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MessageSquare,
  Percent,
  ScrollText,
  Settings,
  Shapes,
  Star,
  Stethoscope,
  Timer,
  UserRound,
  Users,
} from 'lucide-react';
import { paths } from './paths';

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** The dashboard link is active only on its exact path, not on every page below it. */
  end?: boolean;
}

/** Sidebar of each signed-in area, in the spec's order and words (section 2). */
export const AREA_NAV: Record<Role, NavItem[]> = {
  admin: [
    { href: paths.admin.dashboard.href(), label: 'Dashboard', icon: LayoutDashboard, end: true },
    { href: paths.admin.doctors.href(), label: 'Médicos', icon: Stethoscope },
    { href: paths.admin.patients.href(), label: 'Pacientes', icon: Users },
    { href: paths.admin.commissions.href(), label: 'Comissões', icon: Percent },
    { href: paths.admin.reviews.href(), label: 'Avaliações', icon: Star },
    { href: paths.admin.messages.href(), label: 'Mensagens denunciadas', icon: Flag },
    { href: paths.admin.consultations.href(), label: 'Consultas', icon: CalendarCheck },
    { href: paths.admin.payments.href(), label: 'Pagamentos', icon: CreditCard },
    { href: paths.admin.payouts.href(), label: 'Repasses', icon: Landmark },
    { href: paths.admin.specialties.href(), label: 'Especialidades', icon: Shapes },
    { href: paths.admin.onDemand.href(), label: 'Pronto atendimento', icon: Timer },
    { href: paths.admin.audit.href(), label: 'Auditoria', icon: ScrollText },
    { href: paths.admin.emails.href(), label: 'Emails enviados', icon: Mail },
    { href: paths.admin.settings.href(), label: 'Configurações', icon: Settings },
  ],
  doctor: [
    { href: paths.doctor.dashboard.href(), label: 'Dashboard', icon: LayoutDashboard, end: true },
    { href: paths.doctor.profile.href(), label: 'Meu Perfil', icon: UserRound },
    { href: paths.doctor.schedule.href(), label: 'Agenda', icon: CalendarClock },
    { href: paths.doctor.appointments.href(), label: 'Agendamentos', icon: ClipboardList },
    { href: paths.doctor.patients.href(), label: 'Pacientes', icon: Users },
    { href: paths.doctor.payments.href(), label: 'Pagamentos', icon: CreditCard },
    { href: paths.doctor.messages.href(), label: 'Mensagens', icon: MessageSquare },
  ],
  patient: [
    { href: paths.patient.dashboard.href(), label: 'Dashboard', icon: LayoutDashboard, end: true },
    { href: paths.patient.schedule.href(), label: 'Agendar consulta', icon: CalendarPlus },
    { href: paths.patient.onDemand.href(), label: 'Pronto atendimento', icon: Timer },
    { href: paths.patient.consultations.href(), label: 'Minhas consultas', icon: CalendarCheck },
    { href: paths.patient.records.href(), label: 'Meu histórico', icon: HeartPulse },
    { href: paths.patient.payments.href(), label: 'Pagamentos', icon: CreditCard },
    { href: paths.patient.messages.href(), label: 'Mensagens', icon: MessageSquare },
  ],
};

/** The user menu's Perfil and Configurações of each area (Ajuda and Sair are the same for all). */
export const AREA_ACCOUNT_LINKS: Record<Role, { profile: string; settings: string }> = {
  // The admin's own account (password, two-factor, sessions); the sidebar's Configurações is the
  // platform's settings (/admin/settings).
  admin: { profile: paths.admin.profile.href(), settings: `${paths.admin.profile.href()}#seguranca` },
  doctor: { profile: paths.doctor.profile.href(), settings: paths.doctor.settings.href() },
  patient: { profile: paths.patient.profile.href(), settings: paths.patient.settings.href() },
};

export const AREA_LABEL: Record<Role, string> = {
  admin: 'Administração',
  doctor: 'Área do médico',
  patient: 'Área do paciente',
};
