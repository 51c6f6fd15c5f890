import UIKit

/// The app's own main controller (the `min_supported_version_ios` app's `MainTabBarController`).
/// LaunchGateViewController makes it when the app is first shown and keeps it under every later
/// update screen, which go in a window above it and anything it presents, such as its settings sheet.
final class MainViewController: UIViewController {
    private let label = UILabel()
    private let settings = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Notes"
        view.backgroundColor = .systemBackground
        label.text = "Your notes"
        label.font = .preferredFont(forTextStyle: .title1)
        label.adjustsFontForContentSizeCategory = true
        label.translatesAutoresizingMaskIntoConstraints = false
        settings.setTitle("Settings", for: .normal)
        settings.addAction(UIAction { [weak self] _ in self?.showSettings() }, for: .primaryActionTriggered)
        settings.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        view.addSubview(settings)
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            settings.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            settings.topAnchor.constraint(equalTo: label.bottomAnchor),
        ])
    }

    /// A sheet of the app's own: a required update that arrives while it is open covers it.
    private func showSettings() {
        let sheet = SettingsViewController()
        present(sheet, animated: true)
    }
}

/// The app's settings, presented as a sheet.
final class SettingsViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let title = UILabel()
        title.text = "Settings"
        title.font = .preferredFont(forTextStyle: .title1)
        title.adjustsFontForContentSizeCategory = true
        title.translatesAutoresizingMaskIntoConstraints = false
        let close = UIButton(type: .system)
        close.setTitle("Close Settings", for: .normal)
        close.addAction(UIAction { [weak self] _ in self?.dismiss(animated: true) }, for: .primaryActionTriggered)
        close.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(title)
        view.addSubview(close)
        NSLayoutConstraint.activate([
            title.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            title.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            close.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            close.topAnchor.constraint(equalTo: title.bottomAnchor),
        ])
    }
}
