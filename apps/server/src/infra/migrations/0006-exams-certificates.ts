import type { Kysely } from 'kysely';

/**
 * Practice and exams, certificates, enrolment intents.
 *  - questions: a course book's bank (single, multiple, true/false, fill-in), answers and
 *    analyses kept server-side until a learner has answered;
 *  - practice_progress / wrong_answers: where sequential practice resumes, and the
 *    wrong-answer book (right N times in a row takes a question out);
 *  - exam_attempts: a course's exam: its paper, the answers as saved, the server's deadline
 *    and score; train_person_courses.exam_passed_at records the pass a class may require;
 *  - certificates: issued once per class membership, with a unique number and a
 *    verification code; revocable; printing recorded;
 *  - intended_persons: enrolment intents from the public form.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('book_id', 'text', (c) => c.notNull().references('course_books.id'))
    /** 'single' | 'multiple' | 'judge' | 'fill' */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('stem', 'text', (c) => c.notNull())
    /** JSON array of option texts (A, B, C… in order); [] for judge and fill */
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    /** JSON: 'A' | ['A','C'] | true/false | [['alt', …] per blank] */
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('analysis', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('questions_book_idx').on('questions').columns(['book_id', 'sort_order']).execute();

  await db.schema
    .createTable('practice_progress')
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('book_id', 'text', (c) => c.notNull().references('course_books.id'))
    /** the sort position of the next question of sequential practice */
    .addColumn('next_index', 'integer', (c) => c.notNull())
    .addColumn('answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('correct', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('practice_progress_pk', ['person_id', 'book_id'])
    .execute();

  await db.schema
    .createTable('wrong_answers')
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id'))
    .addColumn('book_id', 'text', (c) => c.notNull().references('course_books.id'))
    /** right answers in a row since it was last answered wrong */
    .addColumn('streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wrong_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_wrong_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('wrong_answers_pk', ['person_id', 'question_id'])
    .execute();

  await db.schema
    .createTable('exam_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('train_person_id', 'text', (c) => c.notNull().references('train_persons.id'))
    .addColumn('class_course_id', 'text', (c) => c.notNull().references('train_class_courses.id'))
    .addColumn('book_id', 'text', (c) => c.notNull().references('course_books.id'))
    /** 'open' | 'submitted' | 'expired' */
    .addColumn('status', 'text', (c) => c.notNull())
    /** JSON [{questionId, points}] in paper order */
    .addColumn('paper', 'text', (c) => c.notNull())
    /** JSON {questionId: answer}, as last saved */
    .addColumn('answers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('answers_saved_at', 'bigint')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('deadline_at', 'bigint', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint')
    .addColumn('total_score', 'double precision', (c) => c.notNull())
    .addColumn('pass_score', 'double precision', (c) => c.notNull())
    .addColumn('score', 'double precision')
    .addColumn('passed', 'integer')
    .execute();
  await db.schema
    .createIndex('exam_attempts_member_idx')
    .on('exam_attempts')
    .columns(['train_person_id', 'class_course_id'])
    .execute();

  await db.schema.alterTable('train_person_courses').addColumn('exam_passed_at', 'bigint').execute();

  await db.schema
    .createTable('certificates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('verify_code', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('train_person_id', 'text', (c) => c.notNull().unique().references('train_persons.id'))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
    /** what the certificate says, as issued */
    .addColumn('person_name', 'text', (c) => c.notNull())
    .addColumn('class_name', 'text', (c) => c.notNull())
    .addColumn('hours', 'double precision', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    /** 'valid' | 'revoked' */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoke_reason', 'text')
    .addColumn('printed_at', 'bigint')
    .addColumn('print_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('intended_persons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.references('organisations.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('org_name', 'text', (c) => c.notNull())
    .addColumn('course_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'intended_persons',
    'certificates',
    'exam_attempts',
    'wrong_answers',
    'practice_progress',
    'questions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('train_person_courses').dropColumn('exam_passed_at').execute();
}
