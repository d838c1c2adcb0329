/** A page with a heading and a line: 即将上线 for sections not built yet, 无权访问, 页面不存在. */
export function NoticePage({ title, hint }: { title: string; hint?: string }) {
  return (
    <section className="notice-page">
      <h1>{title}</h1>
      {hint && <p>{hint}</p>}
    </section>
  );
}
