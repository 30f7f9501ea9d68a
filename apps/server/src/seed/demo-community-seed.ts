import crypto from 'node:crypto';
import { Role } from '@anxun/shared/constants';
import type { AppContext } from '../app-context.js';
import { enrolPerson } from '../core/training-records.repository.js';
import { hashPassword } from '../infra/crypto.js';

/**
 * Classmates of the demo learner with what they wrote about the demo courses, so the home
 * page's testimonials and newest learners, and a course's comments and discussion, show
 * real records from the first start. The classmates cannot log in (random passwords).
 */
const CLASSMATES = [
  { name: '李明', joinedDaysAgo: 6 },
  { name: '王芳', joinedDaysAgo: 5 },
  { name: '赵强', joinedDaysAgo: 3 },
  { name: '陈静', joinedDaysAgo: 1 },
] as const;

/** By course book order: [classmate index, rating, text]. */
const COMMENTS: Array<Array<[number, number, string]>> = [
  [
    [0, 5, '灭火器“提、拔、握、压”四个步骤讲得很清楚，车间里马上就用上了。'],
    [1, 4, '疏散逃生那一节很实用，建议再多举几个高层建筑的例子。'],
    [3, 5, '视频短小精悍，午休时间就能学完一节。'],
  ],
  [
    [2, 5, '危险化学品标签和安全技术说明书的区别终于弄明白了。'],
    [1, 4, '泄漏处置的步骤很有条理，希望以后能增加实操演练。'],
  ],
];

/** By course book order: a question and its answers, [classmate index, text]. */
const DISCUSSIONS: Array<{ question: [number, string]; answers: Array<[number, string]> }> = [
  {
    question: [2, '办公室里的电脑着火了，能直接用水扑救吗？'],
    answers: [
      [0, '不能。先切断电源，再用二氧化碳或干粉灭火器，带电设备不能用水。'],
      [3, '课程第二节讲到了，电器火灾要先断电。'],
    ],
  },
  {
    question: [1, '仓库里的化学品可以和普通物资混放吗？'],
    answers: [[2, '不可以，要按性质分类分区储存，相互禁忌的物品必须隔离。']],
  },
];

export async function seedDemoCommunity(
  ctx: AppContext,
  orgId: string,
  classId: string,
  bookIds: string[],
): Promise<void> {
  const now = ctx.now();
  const personIds: string[] = [];
  for (const mate of CLASSMATES) {
    const id = crypto.randomUUID();
    const joined = now - mate.joinedDaysAgo * 86400_000;
    await ctx.db
      .insertInto('persons')
      .values({
        id,
        org_id: orgId,
        role: Role.LEARNER,
        account: null,
        name: mate.name,
        id_card_enc: null,
        id_card_index: null,
        phone: null,
        password_hash: await hashPassword(crypto.randomBytes(24).toString('base64')),
        avatar_file_id: null,
        failed_logins: 0,
        locked_until: null,
        created_at: joined,
        updated_at: joined,
      })
      .execute();
    await enrolPerson(ctx.db, classId, id, joined);
    personIds.push(id);
  }

  for (const [bookIndex, bookId] of bookIds.entries()) {
    for (const [i, [mate, rating, content]] of (COMMENTS[bookIndex] ?? []).entries()) {
      const at = now - (i + 1) * 3600_000;
      await ctx.db
        .insertInto('course_comments')
        .values({
          id: crypto.randomUUID(),
          book_id: bookId,
          person_id: personIds[mate]!,
          rating,
          content,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const discussion = DISCUSSIONS[bookIndex];
    if (!discussion) continue;
    const questionId = crypto.randomUUID();
    const asked = now - 5 * 3600_000;
    const posts = [
      { id: questionId, parent_id: null, mate: discussion.question[0], content: discussion.question[1], at: asked },
      ...discussion.answers.map(([mate, content], i) => ({
        id: crypto.randomUUID(),
        parent_id: questionId,
        mate,
        content,
        at: asked + (i + 1) * 1800_000,
      })),
    ];
    for (const post of posts) {
      await ctx.db
        .insertInto('course_answers')
        .values({
          id: post.id,
          book_id: bookId,
          person_id: personIds[post.mate]!,
          parent_id: post.parent_id,
          content: post.content,
          created_at: post.at,
          updated_at: post.at,
          deleted_at: null,
        })
        .execute();
    }
  }
}
