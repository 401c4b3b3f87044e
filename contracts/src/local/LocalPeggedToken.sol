// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Binance-Peg tokens revert with these reason strings (not custom errors); keeping them means the
// local chain fails the way BSC does.
// solhint-disable gas-custom-errors, gas-small-strings

/// @title LocalPeggedToken
/// @notice Local-chain stand-in for Binance-Peg USDC on BSC (a BEP-20 behind an upgradeable proxy),
/// written from its public behaviour: 18 decimals, an owner, no permit, no blacklist, no pause.
/// @dev Used behind `LocalTokenProxy`. The real token lets only its owner mint (to itself); this one
/// adds owner-appointed minters with `mint(to, amount)` so local tooling can fund test accounts the
/// same way on both chains. Nothing else differs from what the app can observe.
contract LocalPeggedToken {
    /// @notice Token name.
    string public name;
    /// @notice Token symbol.
    string public symbol;
    /// @notice Decimals (18 for Binance-Peg USDC).
    uint8 public decimals;
    /// @dev Set once by `initialize` (through the proxy); the implementation locks itself.
    bool private _initialized;
    /// @notice The owner (Binance's bridge on BSC).
    address public owner;

    uint256 private _totalSupply;
    mapping(address account => uint256) private _balances;
    mapping(address holder => mapping(address spender => uint256)) private _allowances;
    mapping(address minter => bool) private _minters;

    /// @notice ERC-20 transfer (also mint from / burn to the zero address).
    /// @param from The sender (zero for a mint).
    /// @param to The receiver (zero for a burn).
    /// @param value The amount.
    event Transfer(address indexed from, address indexed to, uint256 value);
    /// @notice ERC-20 approval.
    /// @param owner The holder.
    /// @param spender The spender.
    /// @param value The allowance.
    event Approval(address indexed owner, address indexed spender, uint256 value);
    /// @notice The owner handed over ownership.
    /// @param previousOwner The old owner.
    /// @param newOwner The new owner.
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    modifier onlyOwner() {
        require(msg.sender == owner, "Ownable: caller is not the owner");
        _;
    }

    /// @notice Locks the implementation itself; only the proxy's storage is ever initialized.
    constructor() {
        _initialized = true;
    }

    /// @notice Sets metadata and the owner, once, through the proxy.
    /// @param tokenName Name.
    /// @param tokenSymbol Symbol.
    /// @param tokenDecimals Decimals.
    /// @param tokenOwner The owner.
    function initialize(
        string memory tokenName,
        string memory tokenSymbol,
        uint8 tokenDecimals,
        address tokenOwner
    ) external {
        require(!_initialized, "already initialized");
        require(tokenOwner != address(0), "Ownable: new owner is the zero address");
        name = tokenName;
        symbol = tokenSymbol;
        decimals = tokenDecimals;
        owner = tokenOwner;
        _initialized = true;
        emit OwnershipTransferred(address(0), tokenOwner);
    }

    /// @notice BEP-20's owner getter.
    /// @return The owner.
    function getOwner() external view returns (address) {
        return owner;
    }

    /// @notice Total amount in circulation.
    /// @return The total supply in base units.
    function totalSupply() external view returns (uint256) {
        return _totalSupply;
    }

    /// @notice Balance of `account`.
    /// @param account The holder.
    /// @return The balance in base units.
    function balanceOf(address account) external view returns (uint256) {
        return _balances[account];
    }

    /// @notice How much `spender` may still move from `holder`.
    /// @param holder The holder.
    /// @param spender The spender.
    /// @return The remaining allowance.
    function allowance(address holder, address spender) external view returns (uint256) {
        return _allowances[holder][spender];
    }

    /// @notice Sets the allowance of `spender` to `value`.
    /// @param spender The spender.
    /// @param value The allowance.
    /// @return Always true.
    function approve(address spender, uint256 value) external returns (bool) {
        _approve(msg.sender, spender, value);
        return true;
    }

    /// @notice Sends `value` to `to`.
    /// @param to The receiver.
    /// @param value The amount.
    /// @return Always true.
    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    /// @notice Moves `value` from `from` to `to` using the caller's allowance.
    /// @param from The holder.
    /// @param to The receiver.
    /// @param value The amount.
    /// @return Always true.
    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = _allowances[from][msg.sender];
        require(value <= allowed, "BEP20: transfer amount exceeds allowance");
        _transfer(from, to, value);
        _approve(from, msg.sender, allowed - value);
        return true;
    }

    /// @notice Appoints or removes a minter (local funding only). Owner only.
    /// @param minter The address.
    /// @param allowed Whether it may mint.
    function setMinter(address minter, bool allowed) external onlyOwner {
        _minters[minter] = allowed;
    }

    /// @notice Whether `account` may mint.
    /// @param account The address.
    /// @return True for the owner or an appointed minter.
    function isMinter(address account) public view returns (bool) {
        return account == owner || _minters[account];
    }

    /// @notice Creates `amount` for `to`. Owner or appointed minter only.
    /// @param to The receiver.
    /// @param amount The amount.
    /// @return Always true.
    function mint(address to, uint256 amount) external returns (bool) {
        require(isMinter(msg.sender), "BEP20: caller is not a minter");
        require(to != address(0), "BEP20: mint to the zero address");
        _totalSupply += amount;
        _balances[to] += amount;
        emit Transfer(address(0), to, amount);
        return true;
    }

    /// @notice Hands ownership to `newOwner`. Owner only.
    /// @param newOwner The new owner.
    function transferOwnership(address newOwner) external onlyOwner {
        require(newOwner != address(0), "Ownable: new owner is the zero address");
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    function _approve(address holder, address spender, uint256 value) private {
        require(holder != address(0), "BEP20: approve from the zero address");
        require(spender != address(0), "BEP20: approve to the zero address");
        _allowances[holder][spender] = value;
        emit Approval(holder, spender, value);
    }

    function _transfer(address from, address to, uint256 value) private {
        require(from != address(0), "BEP20: transfer from the zero address");
        require(to != address(0), "BEP20: transfer to the zero address");
        uint256 balance = _balances[from];
        require(value <= balance, "BEP20: transfer amount exceeds balance");
        _balances[from] = balance - value;
        _balances[to] += value;
        emit Transfer(from, to, value);
    }
}
