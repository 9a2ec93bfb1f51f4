/**
 * What other features and the area shells use of the on-demand care (pronto atendimento): the
 * doctor's duty card, the patient dashboard's way in, and the call that reaches the patient on any
 * page of their area. The pages themselves are composed by their routes.
 */
export { DutyCard } from './components/duty-card';
export { OnDemandCallAlert } from './components/on-demand-call-alert';
export { OnDemandEntry } from './components/on-demand-entry';
