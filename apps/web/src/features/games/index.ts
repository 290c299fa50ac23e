export { GameCentre } from './components/game-centre';
export { HotTiles } from './components/hot-tiles';
export { Winners } from './components/winners-slot';
