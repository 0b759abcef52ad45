import { describe, expect, it } from 'vitest';
import modals from '../../../../../content-cache/api/modals.en.json';
import { block } from '../../../../../test/support/blocks.js';
import { renderStatic } from '../../../../../test/support/render.js';
import EmbeddedForm from './index.js';

const raw = modals.data.find((m) => m.modalName === 'groups-request')!.dynZone[0] as Record<string, unknown>;
const groups = block('modals.embedded-form', raw);

describe('modals.embedded-form', () => {
  it('renders the blocks.form of its props without its title (the dialog shows it)', () => {
    const html = renderStatic(<EmbeddedForm block={groups} index={0} />, {
      data: { resorts: [{ code: 'MTUL', name: 'Marea Tulum', destination: 'Riviera Maya' }] },
    });
    expect(html).not.toContain('Groups and events');
    expect(html).toContain('class="form-block form-block--modal"');
    expect(html).toContain('action="https://forms.marea-resorts.example/v1/groups"');
    expect(html).toMatch(/<label class="form__label" for="[^"]+-rooms">Rooms needed/);
    expect(html).toMatch(/<input[^>]+type="number"[^>]+min="5" max="120"[^>]+name="rooms"/);
    expect(html).toContain('<optgroup label="Riviera Maya"><option value="MTUL">Marea Tulum</option></optgroup>');
    expect(html).toContain('>Request a quote</button>');
  });
});
