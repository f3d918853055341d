interface Spark {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
  hue: number;
}

const GRAVITY = 0.06;
const SPARKS_PER_BURST = 48;

function burst(sparks: Spark[], width: number, height: number): void {
  const x = width * (0.15 + Math.random() * 0.7);
  const y = height * (0.15 + Math.random() * 0.4);
  const hue = Math.floor(Math.random() * 360);
  for (let i = 0; i < SPARKS_PER_BURST; i++) {
    const angle = (i / SPARKS_PER_BURST) * Math.PI * 2;
    const speed = 1.5 + Math.random() * 2.5;
    sparks.push({ x, y, vx: Math.cos(angle) * speed, vy: Math.sin(angle) * speed, life: 1, hue });
  }
}

/**
 * Fireworks over the whole page on a canvas that lets clicks through; answers the function that
 * stops them and removes the canvas.
 */
export function startFireworks(): () => void {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  canvas.dataset.testid = 'fireworks';
  Object.assign(canvas.style, { position: 'fixed', inset: '0', pointerEvents: 'none', zIndex: '2000' });
  canvas.width = window.innerWidth;
  canvas.height = window.innerHeight;
  document.body.appendChild(canvas);
  const context = canvas.getContext('2d');
  const sparks: Spark[] = [];
  let frame = 0;
  let handle = 0;
  const draw = () => {
    if (!context) return;
    if (frame++ % 25 === 0) burst(sparks, canvas.width, canvas.height);
    context.clearRect(0, 0, canvas.width, canvas.height);
    for (let i = sparks.length - 1; i >= 0; i--) {
      const spark = sparks[i]!;
      spark.x += spark.vx;
      spark.y += spark.vy;
      spark.vy += GRAVITY;
      spark.life -= 0.015;
      if (spark.life <= 0) {
        sparks.splice(i, 1);
        continue;
      }
      context.fillStyle = `hsla(${spark.hue}, 100%, 60%, ${spark.life})`;
      context.fillRect(spark.x, spark.y, 3, 3);
    }
    handle = requestAnimationFrame(draw);
  };
  handle = requestAnimationFrame(draw);
  return () => {
    cancelAnimationFrame(handle);
    canvas.remove();
  };
}
