export { sessionChanges, sessionFileDiff } from './session-changes';
