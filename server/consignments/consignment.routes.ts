import {
  consignmentIdParams,
  consignmentInputSchema,
  consignmentListSchema,
  consignmentReturnSchema,
  consignmentSchema,
} from '../../src/schemas/consignment.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import { getConsignment, listConsignments } from './consignment.repo';
import { createConsignment, returnFromConsignment } from './consignment.service';

const tag = 'Consignments';
const errors = { 400: errorDoc('Invalid input'), 401: errorDoc('Not signed in') };

/** Works left with galleries: consigning them, returning some or all, and which are past their end date. */
export function consignmentRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const { db, mediaUrls } = deps;

  api.openapi(
    {
      method: 'get',
      path: '/consignment',
      summary: 'Every consignment, newest first, with its works and whether it is overdue',
      tag,
      auth: true,
      responses: { 200: { description: 'The consignments', schema: consignmentListSchema }, ...errors },
    },
    async (c) => c.json({ items: await listConsignments(db, c.var.auth.user.userId, mediaUrls) }, 200),
  );

  api.openapi(
    {
      method: 'post',
      path: '/consignment',
      summary: 'Consign works (unique works by artworkIds, copies of editions by copies) to a gallery contact',
      tag,
      auth: true,
      body: consignmentInputSchema,
      responses: {
        201: { description: 'The consignment', schema: consignmentSchema },
        404: errorDoc('No such contact or artwork'),
        409: errorDoc("A work's chart does not allow it (the message names the work and says why); none is consigned"),
        ...errors,
      },
    },
    async (c, { body }) => {
      const userId = c.var.auth.user.userId;
      const id = await createConsignment(db, userId, body);
      return c.json(await getConsignment(db, userId, id, mediaUrls), 201);
    },
  );

  api.openapi(
    {
      method: 'get',
      path: '/consignment/:id',
      summary: 'One consignment with its works',
      tag,
      auth: true,
      params: consignmentIdParams,
      responses: { 200: { description: 'The consignment', schema: consignmentSchema }, 404: errorDoc('No such consignment'), ...errors },
    },
    async (c, { params }) => c.json(await getConsignment(db, c.var.auth.user.userId, params.id, mediaUrls), 200),
  );

  api.openapi(
    {
      method: 'post',
      path: '/consignment/:id/return',
      summary: 'Some or all of its works come back to the studio',
      tag,
      auth: true,
      params: consignmentIdParams,
      body: consignmentReturnSchema,
      responses: {
        200: { description: 'The consignment', schema: consignmentSchema },
        404: errorDoc('No such consignment or artwork'),
        409: errorDoc('A work is not in it, was returned already or was sold through it; none comes back'),
        ...errors,
      },
    },
    async (c, { params, body }) => {
      const userId = c.var.auth.user.userId;
      await returnFromConsignment(db, userId, params.id, body);
      return c.json(await getConsignment(db, userId, params.id, mediaUrls), 200);
    },
  );
  return api;
}
