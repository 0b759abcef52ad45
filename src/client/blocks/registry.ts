import type { BlockComponent as CmsComponent, ModalComponent } from '../../shared/blocks.js';
import type { BlockComponent } from './props.js';
import { Booking } from './booking/Booking.js';
import { CookieNotice } from './cookie-notice/CookieNotice.js';
import { Footer } from './footer/Footer.js';
import { Header } from './header/Header.js';
import { Hero } from './hero/Hero.js';
import { Image } from './image/Image.js';
import { LanguageSwitcher } from './language-switcher/LanguageSwitcher.js';
import { Video } from './video/Video.js';
import { Wysiwyg } from './wysiwyg/Wysiwyg.js';

/**
 * The block registry: `__component` → component. Adding a block is its folder
 * plus one line here. Components not listed yet render nothing (the build
 * already reported unknown ones; known-but-unbuilt ones are listed in the README).
 */
export const registry: Partial<Record<CmsComponent | ModalComponent, BlockComponent>> = {
  'blocks.hero': Hero,
  'blocks.image': Image,
  'blocks.video': Video,
  'blocks.wysiwyg': Wysiwyg,
  'blocks.header': Header,
  'blocks.footer': Footer,
  'blocks.language-switcher': LanguageSwitcher,
  'blocks.cookie-notice': CookieNotice,
  'blocks.booking': Booking,
};

export function blockComponent(component: string): BlockComponent | undefined {
  return registry[component as CmsComponent];
}
