import type { auditPage } from '@anxun/shared/schemas/audit';
import type { EnrolSheetResult, ManagedClass, classMember, enrolResult } from '@anxun/shared/schemas/classes';
import type { Department } from '@anxun/shared/schemas/departments';
import type { Enquiry, ImportResult, Learner, RegistrationSettings } from '@anxun/shared/schemas/learners';
import type { ManagedBook, SharedBook } from '@anxun/shared/schemas/course-books';
import type { BookUnits, CourseUpload, ManagedUnit } from '@anxun/shared/schemas/courseware';
import type {
  BankBook,
  BankQuestion,
  PaperRules,
  PaperSetup,
  QuestionBody,
  QuestionImportResult,
} from '@anxun/shared/schemas/exams';
import type { ReferenceInfo } from '@anxun/shared/schemas/identity';
import type { Announcement } from '@anxun/shared/schemas/notices';
import type { AdminAction, ManagedOrganisation, organisationCreated } from '@anxun/shared/schemas/organisations';
import type { courseBook } from '@anxun/shared/schemas/training';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type {
  Announcement,
  Department,
  EnrolSheetResult,
  Enquiry,
  ImportResult,
  Learner,
  ManagedClass,
  RegistrationSettings,
};
export type ClassMember = z.infer<typeof classMember>;
export type EnrolResult = z.infer<typeof enrolResult>;
export type AuditPage = z.infer<typeof auditPage>;
export type CourseBook = z.infer<typeof courseBook>;
export type OrganisationCreated = z.infer<typeof organisationCreated>;
export type { BookUnits, CourseUpload, ManagedUnit };
export type {
  BankBook,
  BankQuestion,
  ManagedBook,
  ManagedOrganisation,
  QuestionImportResult,
  ReferenceInfo,
  SharedBook,
};

/** Query keys of the console, from one factory. */
export const consoleKeys = {
  all: ['console'] as const,
  departments: ['console', 'departments'] as const,
  learners: (query: Record<string, unknown>) => ['console', 'learners', query] as const,
  classes: ['console', 'classes'] as const,
  members: (classId: string) => ['console', 'members', classId] as const,
  audit: (query: Record<string, unknown>) => ['console', 'audit', query] as const,
  books: ['console', 'books'] as const,
  enquiries: (query: Record<string, unknown>) => ['console', 'enquiries', query] as const,
  notices: (query: Record<string, unknown>) => ['console', 'notices', query] as const,
  registration: ['console', 'registration'] as const,
  bankBooks: ['console', 'bank-books'] as const,
  ownBooks: (query: Record<string, unknown>) => ['console', 'own-books', query] as const,
  sharedBooks: (query: Record<string, unknown>) => ['console', 'shared-books', query] as const,
  units: (bookId: string) => ['console', 'units', bookId] as const,
  paper: (classCourseId: string) => ['console', 'paper', classCourseId] as const,
  bankQuestions: (bookId: string, query: Record<string, unknown>) => ['console', 'bank', bookId, query] as const,
  organisations: (query: Record<string, unknown>) => ['console', 'organisations', query] as const,
  faceReference: (learnerId: string) => ['console', 'face-reference', learnerId] as const,
};

const M = '/api/manage';

export const useDepartments = () =>
  useQuery({ queryKey: consoleKeys.departments, queryFn: () => api.get<Department[]>(`${M}/departments`) });

export const createDepartment = (name: string, parentId: string | null) =>
  api.post<Department>(`${M}/departments`, { json: { name, parentId } });
export const renameDepartment = (id: string, name: string) =>
  api.put<Department>(`${M}/departments/${id}`, { json: { name } });
export const deleteDepartment = (id: string) => api.delete<null>(`${M}/departments/${id}`);

export interface LearnerQuery {
  departmentId?: string | undefined;
  includeSub?: boolean;
  q?: string | undefined;
  status?: string | undefined;
  current: number;
  size: number;
}

export const useLearners = (query: LearnerQuery) =>
  useQuery({
    queryKey: consoleKeys.learners({ ...query }),
    queryFn: () =>
      api.get<{ records: Learner[]; total: number }>(`${M}/learners`, {
        query: {
          ...(query.departmentId ? { departmentId: query.departmentId, includeSub: query.includeSub ? '1' : '0' } : {}),
          ...(query.q ? { q: query.q } : {}),
          ...(query.status ? { status: query.status } : {}),
          current: String(query.current),
          size: String(query.size),
        },
      }),
  });

/** Silent: the dialog shows a refusal on the field it concerns. */
export const createLearner = (body: Record<string, unknown>) =>
  api.post<{ learner: Learner; password: string | null }>(`${M}/learners`, { json: body, silent: true });
export const updateLearner = (id: string, body: Record<string, unknown>) =>
  api.put<Learner>(`${M}/learners/${id}`, { json: body, silent: true });
export const learnerAction = (id: string, action: 'disable' | 'enable' | 'unlock') =>
  api.post<Learner>(`${M}/learners/${id}/${action}`);
export const resetPassword = (id: string) =>
  api.post<{ learner: Learner; password: string }>(`${M}/learners/${id}/reset-password`);

export function importLearners(file: File, createDepartments: boolean) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<ImportResult>(`${M}/learners/import`, {
    body: form,
    query: createDepartments ? { createDepartments: '1' } : {},
  });
}

/** A page of the organisation's classes (20, newest first), found by name when `q` is given. */
export const useClassPage = (query: { q: string; current: number }) =>
  useQuery({
    queryKey: [...consoleKeys.classes, query],
    queryFn: () =>
      api.get<{ records: ManagedClass[]; total: number }>(`${M}/classes`, {
        query: { ...(query.q ? { q: query.q } : {}), current: String(query.current), size: '20' },
      }),
  });

export const createClass = (body: Record<string, unknown>) => api.post<ManagedClass>(`${M}/classes`, { json: body });
export const setClassClosed = (id: string, closed: boolean) =>
  api.post<ManagedClass>(`${M}/classes/${id}/${closed ? 'close' : 'reopen'}`);
export const enrol = (id: string, body: { departmentIds?: string[]; includeSub?: boolean; personIds?: string[] }) =>
  api.post<EnrolResult>(`${M}/classes/${id}/enrol`, { json: body });

/** A page of a class's members (20 unless `size`), found by name or phone when `q` is given. */
export const useMembers = (classId: string, query: { q: string; current: number; size?: number }) =>
  useQuery({
    queryKey: [...consoleKeys.members(classId), query],
    queryFn: () =>
      api.get<{ records: ClassMember[]; total: number }>(`${M}/classes/${classId}/members`, {
        query: { ...(query.q ? { q: query.q } : {}), current: String(query.current), size: String(query.size ?? 20) },
      }),
  });

/** The organisation's catalogue, for a class's courses: the newest 20, or those whose name holds `name`. */
export const useBooks = (name: string) =>
  useQuery({
    queryKey: [...consoleKeys.books, name],
    queryFn: () =>
      api.get<{ records: CourseBook[]; total: number }>('/api/course/book/select-page', {
        query: { size: '20', ...(name ? { name } : {}) },
      }),
  });

export const useAudit = (query: { action?: string | undefined; current: number }) =>
  useQuery({
    queryKey: consoleKeys.audit({ ...query }),
    queryFn: () =>
      api.get<AuditPage>(`${M}/audit`, {
        query: { ...(query.action ? { action: query.action } : {}), current: String(query.current), size: '20' },
      }),
  });

export const useEnquiries = (query: { status?: string | undefined; current: number }) =>
  useQuery({
    queryKey: consoleKeys.enquiries({ ...query }),
    queryFn: () =>
      api.get<{ records: Enquiry[]; total: number }>(`${M}/enquiries`, {
        query: { ...(query.status ? { status: query.status } : {}), current: String(query.current), size: '20' },
      }),
  });

export const followUpEnquiry = (id: string, body: { status?: string; followUp?: string }) =>
  api.put<Enquiry>(`${M}/enquiries/${id}`, { json: body });

export const learnerFromEnquiry = (id: string, body: { idCard: string; departmentId?: string; password?: string }) =>
  api.post<{ learner: Learner; password: string | null; enquiry: Enquiry }>(`${M}/enquiries/${id}/learner`, {
    json: body,
  });

export const useAnnouncements = (query: { status?: string | undefined; current: number }) =>
  useQuery({
    queryKey: consoleKeys.notices({ ...query }),
    queryFn: () =>
      api.get<{ records: Announcement[]; total: number }>(`${M}/notices`, {
        query: { ...(query.status ? { status: query.status } : {}), current: String(query.current), size: '20' },
      }),
  });
export const createAnnouncement = (body: { title: string; content: string; classId?: string | null }) =>
  api.post<Announcement>(`${M}/notices`, { json: body });
export const editAnnouncement = (id: string, body: { title?: string; content?: string }) =>
  api.put<Announcement>(`${M}/notices/${id}`, { json: body });
export const setAnnouncementWithdrawn = (id: string, withdrawn: boolean) =>
  api.post<Announcement>(`${M}/notices/${id}/${withdrawn ? 'withdraw' : 'republish'}`);

export const useRegistrationSettings = () =>
  useQuery({
    queryKey: consoleKeys.registration,
    queryFn: () => api.get<RegistrationSettings>(`${M}/registrations/settings`),
  });
export const setRegistrationMode = (mode: RegistrationSettings['mode']) =>
  api.put<RegistrationSettings>(`${M}/registrations/settings`, { json: { mode } });
export const decideRegistration = (id: string, decision: 'approve' | 'reject') =>
  api.post<Learner | null>(`${M}/registrations/${id}/${decision}`);

export const updateClass = (id: string, body: Record<string, unknown>) =>
  api.put<ManagedClass>(`${M}/classes/${id}`, { json: body });
export const removeMember = (classId: string, trainPersonId: string) =>
  api.delete<null>(`${M}/classes/${classId}/members/${trainPersonId}`);
export function enrolFromSheet(classId: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<EnrolSheetResult>(`${M}/classes/${classId}/enrol-sheet`, { body: form });
}

export const useFaceReference = (learnerId: string) =>
  useQuery({
    queryKey: consoleKeys.faceReference(learnerId),
    queryFn: () => api.get<ReferenceInfo>(`${M}/learners/${learnerId}/face-reference`),
  });
export function setFaceReference(learnerId: string, photo: File) {
  const form = new FormData();
  form.append('photo', photo, photo.name);
  return api.post<ReferenceInfo>(`${M}/learners/${learnerId}/face-reference`, { body: form });
}
export const clearFaceReference = (learnerId: string) =>
  api.delete<ReferenceInfo>(`${M}/learners/${learnerId}/face-reference`);

export const useOrganisations = (query: { q?: string | undefined; current: number }) =>
  useQuery({
    queryKey: consoleKeys.organisations({ ...query }),
    queryFn: () =>
      api.get<{ records: ManagedOrganisation[]; total: number }>(`${M}/organisations`, {
        query: { ...(query.q ? { q: query.q } : {}), current: String(query.current), size: '20' },
      }),
  });
export const createOrganisation = (body: Record<string, unknown>) =>
  api.post<OrganisationCreated>(`${M}/organisations`, { json: body });
export const editOrganisation = (id: string, body: Record<string, unknown>) =>
  api.put<ManagedOrganisation>(`${M}/organisations/${id}`, { json: body });
export const addOrganisationAdmin = (id: string, body: Record<string, unknown>) =>
  api.post<OrganisationCreated>(`${M}/organisations/${id}/admins`, { json: body });
/** Stops an organisation (none of its people log in) or lets it in again. */
export const setOrganisationDisabled = (id: string, disabled: boolean) =>
  api.post<ManagedOrganisation>(`${M}/organisations/${id}/${disabled ? 'disable' : 'enable'}`);
/** Disable, enable, unlock or give a new password (in the answer, once) to one of an organisation's managers. */
export const actOnOrganisationAdmin = (id: string, adminId: string, action: AdminAction) =>
  api.post<OrganisationCreated>(`${M}/organisations/${id}/admins/${adminId}/${action}`);
/** An image attached to an object: an organisation's logo, a course book's cover. */
function uploadImageFor(otcType: 'LogoFiles' | 'CourseCover' | 'QuestionImage', otcId: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<{ filePath: string }>('/api/file/upload', { body: form, query: { otcType, otcId } });
}
/** A question's image (signed URLs: only those who sit the question see it). */
export const uploadQuestionImage = (questionId: string, file: File) =>
  uploadImageFor('QuestionImage', questionId, file);
export const removeQuestionImage = (questionId: string) =>
  api.delete<BankQuestion>(`${M}/questions/${questionId}/image`);
export const uploadOrganisationLogo = (orgId: string, file: File) => uploadImageFor('LogoFiles', orgId, file);

export const useBankBooks = () =>
  useQuery({ queryKey: consoleKeys.bankBooks, queryFn: () => api.get<BankBook[]>(`${M}/question-books`) });
export const useBankQuestions = (
  bookId: string | undefined,
  query: { kind?: string | undefined; q?: string | undefined; current: number },
) =>
  useQuery({
    queryKey: consoleKeys.bankQuestions(bookId ?? '', { ...query }),
    enabled: Boolean(bookId),
    queryFn: () =>
      api.get<{ records: BankQuestion[]; total: number }>(`${M}/question-books/${bookId}/questions`, {
        query: {
          ...(query.kind ? { kind: query.kind } : {}),
          ...(query.q ? { q: query.q } : {}),
          current: String(query.current),
          size: '20',
        },
      }),
  });
export function importQuestions(bookId: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<QuestionImportResult>(`${M}/question-books/${bookId}/questions/import`, { body: form });
}
export const retireQuestion = (id: string) => api.delete<null>(`${M}/questions/${id}`);
export const createQuestion = (bookId: string, body: QuestionBody) =>
  api.post<BankQuestion>(`${M}/question-books/${bookId}/questions`, { json: body });
export const editQuestion = (id: string, body: QuestionBody) =>
  api.put<BankQuestion>(`${M}/questions/${id}`, { json: body });

export const useOwnBooks = (query: { status?: string | undefined; current: number }) =>
  useQuery({
    queryKey: consoleKeys.ownBooks({ ...query }),
    queryFn: () =>
      api.get<{ records: ManagedBook[]; total: number }>(`${M}/course-books`, {
        query: { ...(query.status ? { status: query.status } : {}), current: String(query.current), size: '20' },
      }),
  });
export const useSharedBooks = (query: { current: number }) =>
  useQuery({
    queryKey: consoleKeys.sharedBooks({ ...query }),
    queryFn: () =>
      api.get<{ records: SharedBook[]; total: number }>(`${M}/shared-books`, {
        query: { current: String(query.current), size: '20' },
      }),
  });
export const setSharedBookAdded = (bookId: string, added: boolean) =>
  api.post<{ added: boolean }>(`${M}/shared-books/${bookId}/${added ? 'add' : 'remove'}`);
export const createBook = (body: Record<string, unknown>) => api.post<ManagedBook>(`${M}/course-books`, { json: body });
export const editBook = (id: string, body: Record<string, unknown>) =>
  api.put<ManagedBook>(`${M}/course-books/${id}`, { json: body });
export const changeBookState = (id: string, action: 'publish' | 'unpublish' | 'retire' | 'restore') =>
  api.post<ManagedBook>(`${M}/course-books/${id}/${action}`);

/** 课件 of a course book and its uploads in progress; polls while one is queued or running. */
export const useBookUnits = (bookId: string | undefined) =>
  useQuery({
    queryKey: consoleKeys.units(bookId ?? ''),
    enabled: Boolean(bookId),
    queryFn: () => api.get<BookUnits>(`${M}/course-books/${bookId}/units`),
    // the websocket says when a job moves on; this is the fallback if the socket is down
    refetchInterval: (q) =>
      q.state.data?.uploads.some((u) => u.status === 'queued' || u.status === 'running') ? 5000 : false,
  });
export const orderUnits = (bookId: string, warpIds: string[]) =>
  api.put<BookUnits>(`${M}/course-books/${bookId}/units/order`, { json: { warpIds } });
export const renameUnit = (warpId: string, title: string) =>
  api.put<BookUnits>(`${M}/course-units/${warpId}`, { json: { title } });
export const deleteUnit = (warpId: string) => api.delete<BookUnits>(`${M}/course-units/${warpId}`);
export const retryUpload = (jobId: string) => api.post<BookUnits>(`${M}/course-uploads/${jobId}/retry`);
export const dismissUpload = (jobId: string) => api.delete<BookUnits>(`${M}/course-uploads/${jobId}`);
export const unitPlayUrl = (warpId: string) =>
  api.get<{ courseWarpId: string; playUrl: string | null }>(`/api/course/couwarp/play-url/${warpId}`);

/** 试卷设置 of one course of a class. */
export const usePaperSetup = (classId: string, classCourseId: string) =>
  useQuery({
    queryKey: consoleKeys.paper(classCourseId),
    queryFn: () => api.get<PaperSetup>(`${M}/classes/${classId}/courses/${classCourseId}/paper`),
  });
export const savePaper = (classId: string, classCourseId: string, rules: PaperRules | null) =>
  api.put<PaperSetup>(`${M}/classes/${classId}/courses/${classCourseId}/paper`, { json: { rules } });

/** A course book's cover image (public: the catalogue shows it). */
export const uploadCover = (bookId: string, file: File) => uploadImageFor('CourseCover', bookId, file);
