import Lazy from '../Lazy';
export default function Page() { return <main><Lazy /></main>; }
