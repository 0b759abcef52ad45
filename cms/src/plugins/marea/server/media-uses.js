'use strict';

/**
 * Which entries use an uploaded file, read from Strapi's own bookkeeping:
 * every media field is a row of the upload plugin's morph table (the file's
 * `related` relation: file, owner type, owner row, field). The owner is an
 * entry row or a component row; a component row is followed up its join
 * table (`<owner>_cmps`: entity, component, type, field) to the row holding
 * it, as many levels as the schema nests (a carousel slide in a carousel in
 * a page's dynamic zone), until an entry row. A published version and a
 * draft are different rows in Strapi 5 (each with its own components), so
 * the entry row says which of the two uses the file.
 *
 * A few indexed queries per level whatever the site's size (docs/cms.md: the cost on the bundled site), where walking every
 * published document would read the whole site on each delete.
 */

/** Nesting deeper than any schema the generator writes: a guard against a cycle, not a limit content meets. */
const MAX_LEVELS = 12;

const groupBy = (rows, key) => {
  const groups = new Map();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
};

/** For each component uid, where it can sit: the owner model, its attribute and that attribute's join table. */
function componentOwners(strapi) {
  const owners = new Map();
  const add = (component, entry) => owners.set(component, [...(owners.get(component) || []), entry]);
  const models = [...Object.values(strapi.contentTypes), ...Object.values(strapi.components)];
  for (const model of models) {
    for (const [name, attribute] of Object.entries(model.attributes || {})) {
      if (attribute.type !== 'component' && attribute.type !== 'dynamiczone') continue;
      const { joinTable } = strapi.db.metadata.get(model.uid).attributes[name];
      const members = attribute.type === 'component' ? [attribute.component] : attribute.components;
      for (const component of members) add(component, { owner: model.uid, field: name, joinTable });
    }
  }
  return owners;
}

/** The morph rows of `fileIds`: [{ fileId, uid, id }], uid an entry type or a component. */
async function morphRows(strapi, fileIds) {
  const { joinTable } = strapi.db.metadata.get('plugin::upload.file').attributes.related;
  const idColumn = joinTable.morphColumn.idColumn.name;
  const typeColumn = joinTable.morphColumn.typeColumn.name;
  const rows = await strapi.db.connection(joinTable.name).select({ fileId: joinTable.joinColumn.name, id: idColumn, uid: typeColumn }).whereIn(joinTable.joinColumn.name, fileIds);
  return rows.map((row) => ({ fileId: Number(row.fileId), uid: row.uid, id: Number(row.id) }));
}

/** One level up: the rows holding these component rows. */
async function holders(strapi, owners, component, rows) {
  const ids = [...new Set(rows.map((row) => row.id))];
  const up = [];
  for (const { owner, field, joinTable } of owners.get(component) || []) {
    const idColumn = joinTable.morphColumn ? joinTable.morphColumn.idColumn.name : joinTable.inverseJoinColumn.name;
    const query = strapi.db.connection(joinTable.name).select({ entity: joinTable.joinColumn.name, cmp: idColumn }).whereIn(idColumn, ids).andWhere('field', field);
    // A dynamic zone's table holds every component type of the zone: the same id may be another type's row.
    if (joinTable.morphColumn) query.andWhere(joinTable.morphColumn.typeColumn.name, component);
    const byId = groupBy(rows, (row) => row.id);
    for (const link of await query) {
      for (const row of byId.get(Number(link.cmp)) || []) up.push({ fileId: row.fileId, uid: owner, id: Number(link.entity) });
    }
  }
  return up;
}

/** The field that names an entry to an editor, or null for a single type (named by its display name). */
function titleField(contentType) {
  if (contentType.kind === 'singleType') return null;
  return ['title', 'modalName', 'name', 'code'].find((name) => contentType.attributes[name]) || null;
}

/**
 * The entries using each file: Map fileId → [{ uid, documentId, locale,
 * title, published }], one per entry row (a document's published version
 * and its draft are two), in a stable order.
 */
async function entriesUsing(strapi, fileIds) {
  const owners = componentOwners(strapi);
  let rows = await morphRows(strapi, fileIds);
  const entries = [];
  for (let level = 0; rows.length > 0; level++) {
    if (level > MAX_LEVELS) throw new Error(`media uses: components nested more than ${MAX_LEVELS} deep`);
    const next = [];
    for (const [uid, group] of groupBy(rows, (row) => row.uid)) {
      if (strapi.contentTypes[uid]) entries.push(...group);
      else next.push(...(await holders(strapi, owners, uid, group)));
    }
    rows = next;
  }
  const found = new Map(fileIds.map((id) => [Number(id), []]));
  for (const [uid, group] of groupBy(entries, (row) => row.uid)) {
    const contentType = strapi.contentTypes[uid];
    const named = titleField(contentType);
    const drafts = contentType.options?.draftAndPublish === true;
    const select = ['id', 'documentId', 'locale', 'publishedAt', ...(named ? [named] : [])];
    const records = await strapi.db.query(uid).findMany({ select, where: { id: { $in: [...new Set(group.map((row) => row.id))] } } });
    const byId = new Map(records.map((record) => [record.id, record]));
    for (const row of group) {
      const record = byId.get(row.id);
      if (!record) continue;
      // A page is named by its title; an entry named by a code or name says what it is ("Modal ocean-view-suite").
      const title = !named || !record[named] ? contentType.info.displayName : named === 'title' ? record.title : `${contentType.info.displayName} ${record[named]}`;
      const entry = { uid, documentId: record.documentId, locale: record.locale || '', title, published: !drafts || record.publishedAt !== null };
      const list = found.get(row.fileId);
      if (!list.some((e) => e.uid === uid && e.documentId === entry.documentId && e.locale === entry.locale && e.published === entry.published)) list.push(entry);
    }
  }
  // Pages and modals before the layout and the error page; both locales of a document side by side.
  const rank = (entry) => (strapi.contentTypes[entry.uid].kind === 'singleType' ? 1 : 0);
  const order = (a, b) => rank(a) - rank(b) || b.uid.localeCompare(a.uid) || a.documentId.localeCompare(b.documentId) || a.locale.localeCompare(b.locale);
  for (const list of found.values()) list.sort(order);
  return found;
}

module.exports = { entriesUsing };
