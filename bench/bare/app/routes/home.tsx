export function loader() {
  return { now: new Date().toISOString() };
}

export default function Home({ loaderData }: { loaderData: { now: string } }) {
  return (
    <main>
      <h1>Bare page</h1>
      <p>Rendered at {loaderData.now}</p>
    </main>
  );
}
