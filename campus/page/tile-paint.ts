// The generated video of a tile (the local campus carries no media): the speaker's name, a
// moving pattern and a frame counter, or a "Camera off" placeholder.

export function createPainter(canvas: HTMLCanvasElement, name: string) {
  const painter = canvas.getContext("2d");
  if (!painter) throw new Error("This browser draws no 2D canvas");
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0) * 7, 0) % 360;
  return {
    paintGenerated(now: number, drawn: number): void {
      const { width, height } = canvas;
      painter.fillStyle = `hsl(${hue} 45% 18%)`;
      painter.fillRect(0, 0, width, height);
      painter.fillStyle = `hsl(${hue} 55% 30%)`;
      const offset = (now / 15) % 80;
      for (let x = -height - 80 + offset; x < width; x += 80) {
        painter.beginPath();
        painter.moveTo(x, 0);
        painter.lineTo(x + 40, 0);
        painter.lineTo(x + 40 + height, height);
        painter.lineTo(x + height, height);
        painter.fill();
      }
      const seconds = now / 1000;
      painter.fillStyle = `hsl(${(hue + 180) % 360} 70% 62%)`;
      painter.beginPath();
      painter.arc(width / 2 + Math.sin(seconds * 1.3) * width * 0.3, height / 2 + Math.cos(seconds * 1.7) * height * 0.25, 36, 0, 2 * Math.PI);
      painter.fill();
      painter.fillStyle = "#fff";
      painter.font = "600 28px system-ui, sans-serif";
      painter.fillText(name, 24, 48);
      painter.font = "16px ui-monospace, monospace";
      painter.textAlign = "end";
      painter.fillText(`frame ${drawn}`, width - 24, height - 24);
      painter.textAlign = "start";
    },

    paintPlaceholder(): void {
      const { width, height } = canvas;
      painter.fillStyle = "#1f2430";
      painter.fillRect(0, 0, width, height);
      painter.fillStyle = `hsl(${hue} 45% 45%)`;
      painter.beginPath();
      painter.arc(width / 2, height / 2 - 20, 56, 0, 2 * Math.PI);
      painter.fill();
      painter.fillStyle = "#fff";
      painter.textAlign = "center";
      painter.font = "600 40px system-ui, sans-serif";
      painter.fillText(name.replace(/^@/, "").slice(0, 2).toUpperCase(), width / 2, height / 2 - 6);
      painter.font = "18px system-ui, sans-serif";
      painter.fillText("Camera off", width / 2, height / 2 + 72);
      painter.textAlign = "start";
    },
  };
}
