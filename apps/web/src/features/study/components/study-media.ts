/**
 * What the courseware player drives: a <video> element, or the PDF reader acting as one on
 * its reading timeline.
 */
export interface StudyMedia {
  currentTime: number;
  readonly paused: boolean;
  readonly ended: boolean;
  playbackRate: number;
  play(): Promise<void>;
  pause(): void;
}
