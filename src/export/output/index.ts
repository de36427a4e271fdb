/**
 * The one way an export reaches the disk or a stream. Writers only format: they hand their bytes to
 * a Sink from here, and this module owns the rest: the temporary file or folder beside the target,
 * the rename when complete, the clean-up on failure or signal, and a resumable export's kept work.
 */
export { withFileOutput, bytesWrittenTo, isOutputFailure, type Sink } from "./fileOutput";
export { withFolderOutput, checkReplaceable, type FolderOutput } from "./folderOutput";
export { ResumeFolder, resumeFolderOf } from "./resumeFolder";
export { followedLinks } from "./outputTarget";
export { abandonLiveOutputs, endLiveOutputs, scratchFile, type TemporaryOutput } from "./temporary";
