import classes from './home.module.css';

/** A home section heading with the saffron underline and an optional description. */
export function SectionHeading({
  id,
  title,
  description,
}: {
  id: string;
  title: string;
  description?: string;
}) {
  return (
    <div className={classes.sectionHeading}>
      <h2 id={id} className={classes.sectionTitle}>
        {title}
      </h2>
      {description && <p className={classes.sectionDescription}>{description}</p>}
    </div>
  );
}
