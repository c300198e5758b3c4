import { collectionIdParams, collectionInputSchema, collectionListSchema, collectionSchema } from '../../src/schemas/collection.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import { toCollectionDto, toCollectionSummary } from './collection.dto';
import {
  collectionNotFound,
  createCollection,
  deleteCollection,
  findCollection,
  listCollections,
  replaceCollection,
} from './collection.repo';

const tag = 'Collections';
const errors = { 400: errorDoc('Invalid input (an artwork that is not one of yours included)'), 401: errorDoc('Not signed in') };
const notFoundDoc = { 404: errorDoc('No such collection') };

/** The signed-in artist's collections of their own artworks: list, create, read, replace, delete. */
export function collectionRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const { db, mediaUrls } = deps;

  api.openapi(
    {
      method: 'get',
      path: '/collection',
      summary: 'Every collection of the artist, newest first, with its cover image and how many artworks it holds',
      tag,
      auth: true,
      responses: { 200: { description: 'The collections', schema: collectionListSchema }, ...errors },
    },
    async (c) => {
      const found = await listCollections(db, c.var.auth.user.userId);
      return c.json({ items: found.map(({ row, artworks }) => toCollectionSummary(row, artworks, mediaUrls)) }, 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/collection',
      summary: "Create a collection (journal: 'collection.new')",
      tag,
      auth: true,
      body: collectionInputSchema,
      responses: { 201: { description: 'The new collection', schema: collectionSchema }, ...errors },
    },
    async (c, { body }) => {
      const { row, artworks } = await createCollection(db, c.var.auth.user.userId, body);
      return c.json(toCollectionDto(row, artworks, mediaUrls), 201);
    },
  );

  api.openapi(
    {
      method: 'get',
      path: '/collection/:id',
      summary: 'One collection with its artworks in the manual order',
      tag,
      auth: true,
      params: collectionIdParams,
      responses: { 200: { description: 'The collection', schema: collectionSchema }, ...notFoundDoc, ...errors },
    },
    async (c, { params }) => {
      const found = await findCollection(db, c.var.auth.user.userId, params.id);
      if (!found) throw collectionNotFound();
      return c.json(toCollectionDto(found.row, found.artworks, mediaUrls), 200);
    },
  );

  api.openapi(
    {
      method: 'put',
      path: '/collection/:id',
      summary: "Replace every field of a collection, its artworks in their order (journal: 'collection.updated' with the changed fields)",
      tag,
      auth: true,
      params: collectionIdParams,
      body: collectionInputSchema,
      responses: { 200: { description: 'The collection as saved', schema: collectionSchema }, ...notFoundDoc, ...errors },
    },
    async (c, { params, body }) => {
      const saved = await replaceCollection(db, c.var.auth.user.userId, params.id, body);
      if (!saved) throw collectionNotFound();
      return c.json(toCollectionDto(saved.row, saved.artworks, mediaUrls), 200);
    },
  );

  api.openapi(
    {
      method: 'delete',
      path: '/collection/:id',
      summary: "Delete a collection; its artworks stay (journal: 'collection.deleted')",
      tag,
      auth: true,
      params: collectionIdParams,
      responses: { 204: { description: 'Deleted' }, ...notFoundDoc, ...errors },
    },
    async (c, { params }) => {
      if (!(await deleteCollection(db, c.var.auth.user.userId, params.id))) throw collectionNotFound();
      return c.body(null, 204);
    },
  );
  return api;
}
