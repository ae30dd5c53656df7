export { sessionChanges, sessionFileDiff, type ChangesDeps } from './session-changes';
export type { JournalReader, WriterOf } from './journal-source';
