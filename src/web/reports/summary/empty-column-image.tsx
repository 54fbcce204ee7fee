/** The empty-state image of a board column: an empty clipboard. */
export function EmptyColumnImage() {
  return (
    <svg
      width="96"
      height="80"
      viewBox="0 0 96 80"
      role="img"
      aria-label="No locations"
      data-testid="empty-column"
    >
      <title>No locations</title>
      <rect
        x="24"
        y="10"
        width="48"
        height="62"
        rx="6"
        fill="var(--mantine-color-gray-1)"
        stroke="var(--mantine-color-gray-4)"
        strokeWidth="2"
      />
      <rect
        x="38"
        y="4"
        width="20"
        height="12"
        rx="3"
        fill="var(--mantine-color-gray-3)"
        stroke="var(--mantine-color-gray-5)"
        strokeWidth="2"
      />
      <line
        x1="34"
        y1="30"
        x2="62"
        y2="30"
        stroke="var(--mantine-color-gray-4)"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <line
        x1="34"
        y1="42"
        x2="56"
        y2="42"
        stroke="var(--mantine-color-gray-4)"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <line
        x1="34"
        y1="54"
        x2="50"
        y2="54"
        stroke="var(--mantine-color-gray-4)"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
