/** The image a question shows with its stem (a diagram, a sign, a scene), when it has one. */
export function QuestionImage({ url }: { url: string | null | undefined }) {
  if (!url) return null;
  return <img className="question-image" src={url} alt="" loading="lazy" data-testid="question-image" />;
}
