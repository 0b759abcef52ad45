// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BLOCK_DECLARATIONS, MODAL_ITEM_DECLARATIONS } from '../../shared/blocks/catalogue.js';
import type { Fields } from '../../shared/blocks/fields.js';
import { CONTENT_TYPES, ENTITY_COMPONENTS } from '../cms-schema/content-types.js';
import { BLOCK_NAMES_ES, FIELD_WORDS, fieldWords } from './field-words.js';

const DECLARATIONS = [...BLOCK_DECLARATIONS, ...MODAL_ITEM_DECLARATIONS];

/** Every field name of a set of declared fields, items of lists included. */
const names = (fields: Fields): string[] => Object.entries(fields).flatMap(([key, field]) => [key, ...(field.item ? names(field.item) : [])]);

describe('fields in words', () => {
  it('names a block’s field as an editor finds it in the form, in English and Spanish', () => {
    expect(fieldWords('blocks[2].cta.url', 'en', { entity: 'page', component: 'blocks.hero', position: 2 })).toBe('Block 3 (Hero) › Button › URL');
    expect(fieldWords('blocks[2].cta.url', 'es', { entity: 'page', component: 'blocks.hero', position: 2 })).toBe('Bloque 3 (Portada) › Botón › Enlace');
    expect(fieldWords('blocks[0].slides[1].link.slug', 'en', { entity: 'page', component: 'blocks.carousel', position: 0 })).toBe('Block 1 (Carousel) › Slide 2 › Link › Page');
  });

  it('names blocks and their fields in English as their declarations do for the admin, so the words are the form’s', () => {
    expect(fieldWords('blocks[0].media', 'en', { entity: 'page', component: 'blocks.hero', position: 0 })).toBe('Block 1 (Hero) › Picture or video');
    expect(fieldWords('blocks[1].pageSize', 'en', { entity: 'page', component: 'blocks.blog-list', position: 1 })).toBe('Block 2 (Page list) › Cards per page');
    expect(fieldWords('dynZone[0].images[1]', 'en', { entity: 'modal', component: 'modals.room', position: 0 })).toBe('Item 1 (Room) › Picture 2');
  });

  it('names a page’s own slug as its address, and a link’s slug as the page it leads to', () => {
    expect(fieldWords('slug', 'en', { entity: 'page' })).toBe('Slug (address)');
    expect(fieldWords('links[1].slug', 'es', { entity: 'error-page' })).toBe('Enlace 2 › Página');
  });

  it('names the block of a zone it is not told of from the entry (componentAt), or by its number alone', () => {
    const componentAt = (zone: string, position: number) => (zone === 'header' && position === 0 ? 'blocks.header' : undefined);
    expect(fieldWords('header[0].nav[2].children[0].slug', 'en', { entity: 'layout', componentAt })).toBe('Header › Block 1 (Header) › Menu link 3 › Sub-link 1 › Page');
    expect(fieldWords('dynZone[1].fields[0].pattern', 'es', { entity: 'modal' })).toBe('Elemento 2 › Campo 1 › Patrón');
  });

  it('has words in both languages for every block, modal item and declared field, so a new one cannot go unnamed', () => {
    for (const declaration of DECLARATIONS) {
      expect(BLOCK_NAMES_ES[declaration.component], declaration.component).toBeDefined();
      for (const name of names(declaration.fields)) expect(FIELD_WORDS[name], `${declaration.component}: ${name}`).toBeDefined();
    }
    for (const type of CONTENT_TYPES) for (const name of Object.keys(type.attributes)) expect(FIELD_WORDS[name], `${type.singularName}: ${name}`).toBeDefined();
    for (const component of ENTITY_COMPONENTS) for (const name of Object.keys(component.attributes)) expect(FIELD_WORDS[name], `${component.uid}: ${name}`).toBeDefined();
    expect(Object.keys(BLOCK_NAMES_ES).sort()).toEqual(DECLARATIONS.map((d) => d.component).sort());
  });
});
