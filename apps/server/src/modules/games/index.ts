/**
 * The games module's public face (the catalogue, lobby, launch, favourites, recent games, winners
 * and betting records): code outside `modules/games/` imports only this file.
 */
export { catalogueOf, categoryOf, gameDirectory, gameName } from './catalogue.ts';
export { gamesRoutes } from './routes.ts';
export { catalogueFigures, gameMenus } from './service.ts';
