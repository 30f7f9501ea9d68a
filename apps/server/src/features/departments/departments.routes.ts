import { createDepartmentBody, department, updateDepartmentBody } from '@anxun/shared/schemas/departments';
import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { changeDepartment, createDepartment, departmentTree, removeDepartment } from './department.service.js';

const tags = ['manage: departments'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/**
 * 部门 (issue: Console I): the organisation's department tree. Registered inside the manage
 * scope (http/role-guard.ts), which admits only the organisation's training managers;
 * every query is scoped by the caller's organisation first.
 */
export const departmentsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/departments',
      {
        schema: {
          tags,
          summary: "The organisation's departments, flat with their parents, and how many people each holds",
          response: { 200: envelope(z.array(department)), ...errors },
        },
      },
      async (request) => ok(await departmentTree(ctx, userOf(request))),
    );

    app.post(
      '/departments',
      {
        schema: {
          tags,
          summary: 'Adds a department (a root, or under `parentId`)',
          body: createDepartmentBody,
          response: { 200: envelope(department), ...errors },
        },
      },
      async (request) => ok(await createDepartment(ctx, userOf(request), request.body, request.ip)),
    );

    app.put(
      '/departments/:id',
      {
        schema: {
          tags,
          summary: 'Renames and/or moves a department (`parentId: null` makes it a root)',
          params: idParam,
          body: updateDepartmentBody,
          response: { 200: envelope(department), ...errors },
        },
      },
      async (request) => ok(await changeDepartment(ctx, userOf(request), request.params.id, request.body, request.ip)),
    );

    app.delete(
      '/departments/:id',
      {
        schema: {
          tags,
          summary: 'Deletes an empty department (no sub-department, nobody in it)',
          params: idParam,
          response: { 200: envelope(z.null()), ...errors },
        },
      },
      async (request) => {
        await removeDepartment(ctx, userOf(request), request.params.id, request.ip);
        return ok(null);
      },
    );
  };
