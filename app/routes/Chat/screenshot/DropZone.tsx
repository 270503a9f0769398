import { useRef, useState, type DragEvent } from 'react';

interface DropZoneProps {
  onFile: (file: File) => void;
  disabled: boolean;
}

/**
 * Drop a screenshot here or choose one. The zone is itself a button (keyboard and screen
 * readers open the picker with it); the picker offers images only.
 */
export function DropZone({ onFile, disabled }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function handleDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  }

  return (
    <div className="ocr-drop">
      <button
        type="button"
        className={over ? 'ocr-drop__zone ocr-drop__zone--over' : 'ocr-drop__zone'}
        disabled={disabled}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={handleDrop}
        aria-describedby="ocr-formats"
      >
        <span className="ocr-drop__hint">Drag and drop a screenshot here</span>
        <span className="btn btn--secondary ocr-drop__choose">Choose file</span>
      </button>
      <p id="ocr-formats" className="ocr-drop__formats">
        Supported formats: PNG, JPG, GIF
      </p>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="ocr-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
