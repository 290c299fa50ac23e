export { MODAL_FADE_MS, Modal, type ModalSize } from './modal';
export { ModalTitle, useModalContext } from './modal-context';
export {
  type ModalApi,
  type ModalBodyProps,
  type ModalDefinition,
  ModalProvider,
  type ModalRegistry,
  type OpenOptions,
  useModal,
} from './modal-provider';
export { lockScroll, scrollLockCount } from './scroll-lock';
