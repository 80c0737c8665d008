import { teardown } from './services-global';

export default teardown;
