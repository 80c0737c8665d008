import Dynamic from '../Dynamic';
export default function Page() { return <main><Dynamic /></main>; }
