import { modalCarousel } from '../modal-items/carousel.js';
import { modalEmbeddedForm } from '../modal-items/embedded-form.js';
import { modalRoom } from '../modal-items/room.js';
import { modalService } from '../modal-items/service.js';
import { modalWysiwyg } from '../modal-items/wysiwyg.js';
import { accordion } from './accordion.js';
import { blogList } from './blog-list.js';
import { booking } from './booking.js';
import { carousel } from './carousel.js';
import { cookieNotice } from './cookie-notice.js';
import type { Declaration, PropsOf } from './fields.js';
import { footer } from './footer.js';
import { form } from './form.js';
import { gallery } from './gallery.js';
import { header } from './header.js';
import { hero } from './hero.js';
import { image } from './image.js';
import { languageSwitcher } from './language-switcher.js';
import { offerToast } from './offer-toast.js';
import { pagination } from './pagination.js';
import { phone } from './phone.js';
import { share } from './share.js';
import { siteMap } from './site-map.js';
import { termsList } from './terms-list.js';
import { timer } from './timer.js';
import { video } from './video.js';
import { wysiwyg } from './wysiwyg.js';

/**
 * Every block and modal item the site knows, each declared once (content
 * contract, "Content blocks"). The browser's registry maps each to its
 * component folder (src/client/blocks/registry.ts); a test fails when one
 * side lacks the other. Build-time only at run time: the browser imports
 * this file for its types.
 */
export const BLOCK_DECLARATIONS = [
  hero,
  image,
  video,
  wysiwyg,
  blogList,
  pagination,
  booking,
  carousel,
  gallery,
  accordion,
  form,
  header,
  footer,
  cookieNotice,
  languageSwitcher,
  offerToast,
  timer,
  termsList,
  siteMap,
  share,
  phone,
] as const;

export const MODAL_ITEM_DECLARATIONS = [modalCarousel, modalEmbeddedForm, modalRoom, modalService, modalWysiwyg] as const;

type AnyDeclaration = (typeof BLOCK_DECLARATIONS)[number] | (typeof MODAL_ITEM_DECLARATIONS)[number];
export type BlockComponent = (typeof BLOCK_DECLARATIONS)[number]['component'];
type ModalComponent = (typeof MODAL_ITEM_DECLARATIONS)[number]['component'];
export type Component = BlockComponent | ModalComponent;

/** The typed props a component receives for `__component` C. */
export type BlockProps<C extends Component> = PropsOf<Extract<AnyDeclaration, { component: C }>['fields']>;

/** A declaration of the catalogue, by its component's name. */
type Declared = Declaration & { readonly component: Component };

const BY_ZONE = {
  block: new Map<string, Declared>(BLOCK_DECLARATIONS.map((d) => [d.component, d])),
  modal: new Map<string, Declared>(MODAL_ITEM_DECLARATIONS.map((d) => [d.component, d])),
} as const;

/**
 * The declaration of `__component` in that kind of zone (page and layout
 * zones hold `blocks.*`, a modal's `dynZone` holds `modals.*`), or undefined
 * when the site has no such block there.
 */
export function declarationOf(component: string, zone: 'block' | 'modal'): Declared | undefined {
  return BY_ZONE[zone].get(component);
}
