import { describe, expect, it } from 'vitest';
import { mount } from '../../test/render.js';
import { SafeMessage } from './SafeMessage.js';

const html = async (message: string) => (await mount(<SafeMessage message={message} />)).innerHTML;

describe('SafeMessage (the success message is not sanitised by the build)', () => {
  it('shows plain text as one paragraph, markup-looking text included', async () => {
    expect(await html('Thanks! 2 < 3 & we reply soon.')).toBe('<p>Thanks! 2 &lt; 3 &amp; we reply soon.</p>');
  });

  it('keeps simple formatting and safe links, drops scripts, handlers and unknown elements', async () => {
    const out = await html(
      '<h2 onclick="x()">Done</h2><p class="x" style="color:red">We <em>will</em> call <a href="tel:+529981234567" onclick="x()">you</a>.</p><img src=x onerror="window.hacked=1"><script>window.hacked=1</script><ul><li><a href="https://marea.example">Site</a></li><li><a href=" JavaScript:alert(1)">bad</a></li></ul>',
    );
    expect(out).toBe(
      'Done<p>We <em>will</em> call <a href="tel:+529981234567">you</a>.</p><ul><li><a href="https://marea.example" rel="noopener">Site</a></li><li>bad</li></ul>',
    );
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});
