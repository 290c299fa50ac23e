export { FooterSlot as Footer } from './components/footer-slot';
export { Header } from './components/header';
export { RightBarSlot as RightBar } from './components/right-bar-slot';
export { SideMenuSlot as SideMenu } from './components/side-menu-slot';
