import { teardown } from './postgres-global';

export default teardown;
