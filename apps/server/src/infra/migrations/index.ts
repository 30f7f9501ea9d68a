import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.js';
import * as organisationFooter from './0002-organisation-footer.js';
import * as learning from './0003-learning.js';
import * as online from './0004-online.js';
import * as identity from './0005-identity.js';
import * as examsCertificates from './0006-exams-certificates.js';
import * as checkIntegrity from './0007-check-integrity.js';
import * as playbackSession from './0008-playback-session.js';
import * as departmentsAudit from './0009-departments-audit.js';
import * as personAdmin from './0010-person-admin.js';
import * as classAdmin from './0011-class-admin.js';
import * as enquiryFollowUp from './0012-enquiry-follow-up.js';
import * as announcements from './0013-announcements.js';
import * as registrationApproval from './0014-registration-approval.js';
import * as questionBank from './0015-question-bank.js';
import * as courseBookAdmin from './0016-course-book-admin.js';
import * as jobsCourseware from './0017-jobs-courseware.js';
import * as examPapers from './0018-exam-papers.js';
import * as orgSharedBooks from './0019-org-shared-books.js';
import * as questionImage from './0020-question-image.js';
import * as studyEventsByUnit from './0021-study-events-by-unit.js';
import * as certificateReissues from './0022-certificate-reissues.js';
import * as faceCheckReviews from './0023-face-check-reviews.js';
import * as retention from './0024-retention.js';
import * as certificateTemplates from './0025-certificate-templates.js';
import * as studyEventRequest from './0026-study-event-request.js';
import * as faceLikeness from './0027-face-likeness.js';
import { idCardSealed } from './0028-id-card-sealed.js';
import * as studyEventsLean from './0029-study-events-lean.js';
import * as faceCheckCredit from './0030-face-check-credit.js';
import * as registrationRejections from './0031-registration-rejections.js';
import * as refreshReuse from './0032-refresh-reuse.js';
import * as referenceMode from './0033-reference-mode.js';
import type { IdCardCipher } from '../id-card-cipher.js';
import * as accountCase from './0034-account-case.js';
import * as accountCaseUnique from './0035-account-case-unique.js';
import * as voidWindow from './0036-void-window.js';
import * as referenceOrigin from './0037-reference-origin.js';
import * as extraAttempts from './0038-extra-attempts.js';
import * as organisationDisabled from './0039-organisation-disabled.js';
import * as examBegun from './0040-exam-begun.js';
import * as auditTargetName from './0041-audit-target-name.js';
import * as examVoid from './0042-exam-void.js';
import * as captureTokenSession from './0043-capture-token-session.js';
import * as organisationCodeCase from './0044-organisation-code-case.js';
import * as temporaryPassword from './0045-temporary-password.js';
import * as photoDigestIndex from './0046-photo-digest-index.js';
import * as trailSession from './0047-trail-session.js';

/** Every migration, in order. Names sort as they run; landed entries never change. */
const fixedMigrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-organisation-footer': organisationFooter,
  '0003-learning': learning,
  '0004-online': online,
  '0005-identity': identity,
  '0006-exams-certificates': examsCertificates,
  '0007-check-integrity': checkIntegrity,
  '0008-playback-session': playbackSession,
  '0009-departments-audit': departmentsAudit,
  '0010-person-admin': personAdmin,
  '0011-class-admin': classAdmin,
  '0012-enquiry-follow-up': enquiryFollowUp,
  '0013-announcements': announcements,
  '0014-registration-approval': registrationApproval,
  '0015-question-bank': questionBank,
  '0016-course-book-admin': courseBookAdmin,
  '0017-jobs-courseware': jobsCourseware,
  '0018-exam-papers': examPapers,
  '0019-org-shared-books': orgSharedBooks,
  '0020-question-image': questionImage,
  '0021-study-events-by-unit': studyEventsByUnit,
  '0022-certificate-reissues': certificateReissues,
  '0023-face-check-reviews': faceCheckReviews,
  '0024-retention': retention,
  '0025-certificate-templates': certificateTemplates,
  '0026-study-event-request': studyEventRequest,
  '0027-face-likeness': faceLikeness,
};

/** What the migrations that move data through a key need: the ID-number cipher. */
export interface MigrationKeys {
  idCards: IdCardCipher;
}

export const migrationsWith = (keys: MigrationKeys): Record<string, Migration> => ({
  ...fixedMigrations,
  '0028-id-card-sealed': idCardSealed(keys.idCards),
  '0029-study-events-lean': studyEventsLean,
  '0030-face-check-credit': faceCheckCredit,
  '0031-registration-rejections': registrationRejections,
  '0032-refresh-reuse': refreshReuse,
  '0033-reference-mode': referenceMode,
  '0034-account-case': accountCase,
  '0035-account-case-unique': accountCaseUnique,
  '0036-void-window': voidWindow,
  '0037-reference-origin': referenceOrigin,
  '0038-extra-attempts': extraAttempts,
  '0039-organisation-disabled': organisationDisabled,
  '0040-exam-begun': examBegun,
  '0041-audit-target-name': auditTargetName,
  '0042-exam-void': examVoid,
  '0043-capture-token-session': captureTokenSession,
  '0044-organisation-code-case': organisationCodeCase,
  '0045-temporary-password': temporaryPassword,
  '0046-photo-digest-index': photoDigestIndex,
  '0047-trail-session': trailSession,
});
