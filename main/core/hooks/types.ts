export type { HookDecision, HookEventName, HookSource } from '../../../shared/hooks';
